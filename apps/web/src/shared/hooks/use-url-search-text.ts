import { useEffect, useRef, useState, type FormEvent } from 'react';

export interface UrlSearchText {
  /** The search box's text. */
  text: string;
  /** Typing: searches after the pause. */
  setText: (text: string) => void;
  /** Searches for `text` at once (Enter, "Clear the search"). */
  search: (text: string) => void;
  /** Shows `text` without searching: for a change the caller makes to the URL itself (e.g. Clear filters). */
  reset: (text: string) => void;
  /** The search form's submit: searches at once. */
  onSubmit: (event: FormEvent) => void;
}

/**
 * A search box kept in the URL: typing applies after `delayMs` of quiet, Enter at once, and the URL stays the truth
 * (a link with ?q= changes the box). `urlQuery` is the URL's search; `onSearch` writes a new one to it.
 */
export function useUrlSearchText(urlQuery: string, onSearch: (text: string) => void, delayMs = 300): UrlSearchText {
  const [text, setText] = useState(urlQuery);
  const pushedQuery = useRef(urlQuery);
  useEffect(() => {
    if (urlQuery === pushedQuery.current) return;
    pushedQuery.current = urlQuery;
    setText(urlQuery);
  }, [urlQuery]);

  const reset = (next: string) => {
    pushedQuery.current = next;
    setText(next);
  };
  const search = (next: string) => {
    reset(next);
    onSearch(next);
  };
  useEffect(() => {
    if (text === pushedQuery.current) return;
    const timer = setTimeout(() => search(text), delayMs);
    return () => clearTimeout(timer);
  }, [text]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    search(text);
  };
  return { text, setText, search, reset, onSubmit };
}
