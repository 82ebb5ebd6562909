import { describe, expect, it } from 'vitest';
import { formatCount, formatDuration, formatPercent, plural } from './figures-format.ts';

describe('figures', () => {
  it('formats counts and shares', () => {
    expect(formatCount(1234)).toBe('1,234');
    expect(formatCount(null)).toBe('—');
    expect(formatPercent(0.125)).toBe('12.5%');
    expect(formatPercent(1)).toBe('100%');
    expect(formatPercent(0.00001)).toBe('<0.1%');
    expect(formatPercent(0.99999)).toBe('>99.9%');
    expect(formatPercent(null)).toBe('—');
    expect(plural(1, 'case')).toBe('1 case');
    expect(plural(1200, 'case')).toBe('1,200 cases');
  });

  it('formats durations from milliseconds to days', () => {
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(12_500)).toBe('12.5 s');
    expect(formatDuration(90_000)).toBe('1.5 min');
    expect(formatDuration(14 * 60_000)).toBe('14 min');
    expect(formatDuration(5.25 * 3_600_000)).toBe('5.3 h');
    expect(formatDuration(47 * 3_600_000)).toBe('47 h');
    expect(formatDuration(3 * 86_400_000)).toBe('3 d');
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(-1)).toBe('—');
  });
});
