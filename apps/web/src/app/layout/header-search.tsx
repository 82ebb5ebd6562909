import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { MESSAGES } from '@admin-portal/contract/messages';
import { Icon } from '../../shared/ui/icons.tsx';
import { SEARCH_PATH, searchUrl } from './search-url.ts';

/** Spec §2 header search: submits to /search?q=… (URL-encoded) only when the trimmed text is not empty. */
export function HeaderSearch() {
  const navigate = useNavigate();
  const location = useLocation();
  const [text, setText] = useState('');

  // On the search page the box shows what was searched for (e.g. after Back or a shared link).
  useEffect(() => {
    if (location.pathname === SEARCH_PATH) setText(new URLSearchParams(location.search).get('q') ?? '');
  }, [location.pathname, location.search]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const url = searchUrl(text);
    if (url) navigate(url);
  }

  return (
    <form role="search" className="header-search" onSubmit={onSubmit}>
      <Icon name="search" className="header-search-icon" />
      <input
        type="search"
        className="form-control form-control-sm"
        placeholder={MESSAGES.searchPlaceholder}
        aria-label="Search"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
    </form>
  );
}
