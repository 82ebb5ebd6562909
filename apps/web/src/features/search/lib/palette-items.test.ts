import { describe, expect, it } from 'vitest';
import type { SearchResult } from '@admin-portal/contract/search';
import { isPaletteShortcut, moveActive, paletteItems, shortcutLabel } from './palette-items.ts';
import { groupResults } from './search-groups.ts';

const result = (type: SearchResult['type'], id: string): SearchResult => ({ type, id, title: id, subtitle: '', url: `/${type}/${id}` });

describe('search palette', () => {
  it('walks each group’s results, then every result on the search page', () => {
    const groups = groupResults([result('application', 'a1'), result('workflow', 'w1'), result('application', 'a2')], { application: 9, workflow: 1 });
    expect(paletteItems(groups, ' radia ').map((i) => i.url)).toEqual(['/application/a1', '/application/a2', '/workflow/w1', '/search?q=radia']);
    expect(paletteItems([], '  ')).toEqual([]);
  });

  it('moves the active choice with the arrow keys, wrapping at both ends', () => {
    expect(moveActive(-1, 4, 'ArrowDown')).toBe(0);
    expect(moveActive(-1, 4, 'ArrowUp')).toBe(3);
    expect(moveActive(3, 4, 'ArrowDown')).toBe(0);
    expect(moveActive(0, 4, 'ArrowUp')).toBe(3);
    expect(moveActive(2, 4, 'Home')).toBe(0);
    expect(moveActive(0, 4, 'End')).toBe(3);
    expect(moveActive(0, 0, 'ArrowDown')).toBe(-1);
  });

  it('opens on Ctrl-K or ⌘-K only', () => {
    const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {}) => ({
      key: k,
      ctrlKey: false,
      metaKey: false,
      altKey: false,
      shiftKey: false,
      ...mods,
    });
    expect(isPaletteShortcut(key('k', { ctrlKey: true }))).toBe(true);
    expect(isPaletteShortcut(key('K', { metaKey: true }))).toBe(true);
    expect(isPaletteShortcut(key('k'))).toBe(false);
    expect(isPaletteShortcut(key('k', { ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isPaletteShortcut(key('j', { ctrlKey: true }))).toBe(false);
  });

  it('writes the shortcut as the machine’s keyboard does', () => {
    expect(shortcutLabel('MacIntel')).toBe('⌘K');
    expect(shortcutLabel('Linux x86_64')).toBe('Ctrl K');
  });
});
