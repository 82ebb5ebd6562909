import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useNavigate } from 'react-router';
import { SEARCH_TEXT_MAX } from '@admin-portal/contract/search-terms';
import { Icon } from '../../../shared/ui/icons.tsx';
import { PALETTE_LIMIT, useSearch } from '../api/search.ts';
import { moveActive, paletteItems } from '../lib/palette-items.ts';
import { countLabel, groupResults, highlightParts } from '../lib/search-groups.ts';
import { SEARCH_ICONS } from './search-icons.ts';
import './search.css';

/** How long typing pauses before the palette searches. */
const TYPING_PAUSE_MS = 200;

function useSettled(text: string, ms: number): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return settled;
}

function Highlighted({ text, query }: { text: string; query: string }) {
  return <>{highlightParts(text, query).map((part, i) => (part.match ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>))}</>;
}

interface SearchPaletteProps {
  onClose: () => void;
  /** The text to start with (what the header box held). */
  initialText?: string;
}

/**
 * The Ctrl/⌘-K palette: the header search's results (applications, workflows, tools, users, organizations) as the
 * user types, grouped; ↑/↓ move, Enter opens the chosen result (or every result on the search page), Escape closes.
 * A combobox over a listbox (WAI-ARIA APG), so a screen reader hears the active option.
 */
export function SearchPalette({ onClose, initialText = '' }: SearchPaletteProps) {
  const navigate = useNavigate();
  const [text, setText] = useState(initialText);
  const [active, setActive] = useState(-1);
  const query = useSettled(text.trim(), TYPING_PAUSE_MS);
  const { data, isFetching, isError, error } = useSearch(query, PALETTE_LIMIT);
  const current = data && data.q === query ? data : null;
  const groups = useMemo(() => (current ? groupResults(current.results, current.totals, current.capped) : []), [current]);
  const items = useMemo(() => paletteItems(groups, query), [groups, query]);
  const listId = useId();
  const optionId = (i: number) => `${listId}-option-${i}`;

  useEffect(() => setActive(-1), [query]);
  useEffect(() => {
    if (active >= 0) document.getElementById(`${listId}-option-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, listId]);

  function open(url: string) {
    onClose();
    navigate(url);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((a) => moveActive(a, items.length, event.key as 'ArrowDown' | 'ArrowUp'));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = items[active] ?? items[items.length - 1];
      if (chosen && text.trim()) open(active >= 0 ? chosen.url : (items.find((i) => i.result === null)?.url ?? chosen.url));
    }
  }

  let index = -1;
  const waiting = text.trim() !== '' && (text.trim() !== query || (isFetching && !current));
  return (
    <Modal show onHide={onClose} className="search-palette" dialogClassName="search-palette-dialog" aria-label="Search the portal">
      <div className="search-palette-input">
        <Icon name="search" className="text-body-secondary" />
        <input
          type="text"
          role="combobox"
          aria-label="Search the portal"
          aria-expanded={items.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 ? optionId(active) : undefined}
          placeholder="Search applications, workflows, tools, users…"
          autoFocus
          autoComplete="off"
          spellCheck={false}
          maxLength={SEARCH_TEXT_MAX}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <kbd className="search-palette-esc">Esc</kbd>
      </div>
      <div className="search-palette-body">
        <p className="visually-hidden" role="status" aria-live="polite">
          {waiting ? 'Searching…' : current ? (groups.length ? `${items.length - 1} results shown` : `No results for “${query}”`) : ''}
        </p>
        {!text.trim() && (
          <p className="search-palette-hint">
            Type an applicant’s name, e-mail address or reference, a case id, a workflow, a tool, a person or an organization.
          </p>
        )}
        {isError && query && <p className="search-palette-hint text-danger">The search failed. {error.message}</p>}
        {current && groups.length === 0 && !waiting && <p className="search-palette-hint">No results for “{query}”</p>}
        <ul id={listId} role="listbox" aria-label="Search results" className="search-palette-list">
          {groups.map((group) => (
            <li key={group.type} role="presentation">
              <ul role="group" aria-labelledby={`${listId}-${group.type}`}>
                <li role="presentation" id={`${listId}-${group.type}`} className="search-palette-heading">
                  <span>{group.heading}</span>
                  <span>{countLabel(group.type, group.total, group.capped)}</span>
                </li>
                {group.results.map((r) => {
                  index += 1;
                  const i = index;
                  return (
                    <li
                      key={`${r.type}-${r.id}`}
                      id={optionId(i)}
                      role="option"
                      aria-selected={i === active}
                      className={`search-palette-option${i === active ? ' active' : ''}`}
                      onMouseMove={() => setActive(i)}
                      onClick={() => open(r.url)}
                    >
                      <span className="search-type-icon" aria-hidden="true">
                        <Icon name={SEARCH_ICONS[r.type] ?? 'dot'} />
                      </span>
                      <span className="min-w-0">
                        <span className="d-block fw-semibold text-truncate">
                          <Highlighted text={r.title} query={query} />
                        </span>
                        {r.subtitle && <span className="d-block small text-body-secondary text-truncate">{r.subtitle}</span>}
                      </span>
                    </li>
                  );
                })}
              </ul>
            </li>
          ))}
          {current && groups.length > 0 && (
            <li
              id={optionId(items.length - 1)}
              role="option"
              aria-selected={active === items.length - 1}
              className={`search-palette-option search-palette-all${active === items.length - 1 ? ' active' : ''}`}
              onMouseMove={() => setActive(items.length - 1)}
              onClick={() => open(items[items.length - 1]!.url)}
            >
              <Icon name="search" /> See all results for “{query}”
            </li>
          )}
        </ul>
      </div>
      <div className="search-palette-footer" aria-hidden="true">
        <span>
          <kbd>↑</kbd> <kbd>↓</kbd> to move
        </span>
        <span>
          <kbd>Enter</kbd> to open
        </span>
        <span>
          <kbd>Esc</kbd> to close
        </span>
      </div>
    </Modal>
  );
}
