import type { SearchResult } from '@admin-portal/contract/search';
import { searchUrl } from './search-url.ts';
import type { ResultGroup } from './search-groups.ts';

/** One choice in the Ctrl/⌘-K palette: a result, or "see every result" on the search page. */
export interface PaletteItem {
  key: string;
  url: string;
  result: SearchResult | null;
}

/** The palette's choices in the order the arrow keys walk them: each group's results, then the search page. */
export function paletteItems(groups: readonly ResultGroup[], query: string): PaletteItem[] {
  const items: PaletteItem[] = groups.flatMap((g) => g.results.map((r) => ({ key: `${r.type}-${r.id}`, url: r.url, result: r })));
  const all = searchUrl(query);
  if (all) items.push({ key: 'all', url: all, result: null });
  return items;
}

/** The next active index for an arrow key, wrapping at both ends; none active (-1) starts at the first or the last. */
export function moveActive(active: number, count: number, key: 'ArrowDown' | 'ArrowUp' | 'Home' | 'End'): number {
  if (count === 0) return -1;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  if (active < 0) return key === 'ArrowDown' ? 0 : count - 1;
  return (active + (key === 'ArrowDown' ? 1 : count - 1)) % count;
}

/** Ctrl-K, or ⌘-K on a Mac: the palette's shortcut. */
export function isPaletteShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): boolean {
  return event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
}

/** How the shortcut is written for this machine. */
export function shortcutLabel(platform: string): string {
  return /mac|iphone|ipad/i.test(platform) ? '⌘K' : 'Ctrl K';
}
