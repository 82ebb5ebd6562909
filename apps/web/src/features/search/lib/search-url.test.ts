import { describe, expect, it } from 'vitest';
import { searchUrl } from './search-url.ts';

describe('header search', () => {
  it('submits only text that is non-empty after trimming', () => {
    expect(searchUrl('')).toBeNull();
    expect(searchUrl('   \t ')).toBeNull();
  });

  it('trims and URL-encodes the query', () => {
    expect(searchUrl('  ada  ')).toBe('/search?q=ada');
    expect(searchUrl('R&D / ops #1?')).toBe('/search?q=R%26D%20%2F%20ops%20%231%3F');
    expect(searchUrl('café 100%')).toBe('/search?q=caf%C3%A9%20100%25');
  });
});
