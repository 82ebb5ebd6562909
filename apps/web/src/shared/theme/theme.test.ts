import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, parseTheme } from './theme.ts';

describe('theme', () => {
  it('defaults to light (spec §9)', () => {
    expect(DEFAULT_THEME).toBe('light');
    expect(parseTheme(null)).toBe('light');
  });

  it('accepts only the two known themes', () => {
    expect(parseTheme('dark')).toBe('dark');
    expect(parseTheme('light')).toBe('light');
    expect(parseTheme('solarized')).toBe('light');
  });
});
