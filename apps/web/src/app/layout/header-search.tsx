import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { MESSAGES } from '@admin-portal/contract/messages';
import { isPaletteShortcut, shortcutLabel } from '../../features/search/lib/palette-items.ts';
import { SEARCH_PATH, searchUrl } from '../../features/search/lib/search-url.ts';
import { Icon } from '../../shared/ui/icons.tsx';

/** The palette (and its dialog) loads on the first Ctrl/⌘-K. */
const SearchPalette = lazy(async () => ({ default: (await import('../../features/search/components/search-palette.tsx')).SearchPalette }));

const SHORTCUT = shortcutLabel(typeof navigator === 'undefined' ? '' : navigator.platform);

/**
 * Spec §2 header search: submits to /search?q=… (URL-encoded) only when the trimmed text is not empty. Ctrl/⌘-K, from
 * anywhere in the shell, opens the search palette over the same results, starting from what the box holds.
 */
export function HeaderSearch() {
  const navigate = useNavigate();
  const location = useLocation();
  const [text, setText] = useState('');
  const [palette, setPalette] = useState(false);

  // On the search page the box shows what was searched for (e.g. after Back or a shared link).
  useEffect(() => {
    if (location.pathname === SEARCH_PATH) setText(new URLSearchParams(location.search).get('q') ?? '');
  }, [location.pathname, location.search]);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!isPaletteShortcut(event)) return;
      event.preventDefault();
      setPalette(true);
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

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
        aria-keyshortcuts="Control+K Meta+K"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {/* Named by what it shows, then what it does (the visible text starts the accessible name, WCAG 2.5.3). */}
      <button type="button" className="header-search-shortcut" onClick={() => setPalette(true)}>
        <kbd>{SHORTCUT}</kbd>
        <span className="visually-hidden"> opens the search palette</span>
      </button>
      {palette && (
        <Suspense fallback={null}>
          <SearchPalette initialText={text.trim()} onClose={() => setPalette(false)} />
        </Suspense>
      )}
    </form>
  );
}
