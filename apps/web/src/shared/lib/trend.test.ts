import { describe, expect, it } from 'vitest';
import { changeText, compareWithPrevious, trendSentence } from './trend.ts';

describe('compareWithPrevious', () => {
  it('compares counts by their share of the previous value, coloured by whether up is good', () => {
    const trend = compareWithPrevious(45, 40, 'count', true);
    expect(trend).toEqual({ direction: 'up', change: 0.125, tone: 'good' });
    expect(compareWithPrevious(30, 40, 'count', true)).toMatchObject({ direction: 'down', tone: 'bad' });
    expect(compareWithPrevious(30, 40, 'duration', false)).toMatchObject({ direction: 'down', tone: 'good' });
    expect(compareWithPrevious(45, 40, 'count', null)).toMatchObject({ direction: 'up', tone: 'neutral' });
  });

  it('compares rates in points', () => {
    const trend = compareWithPrevious(0.8, 0.75, 'rate', true);
    expect(trend.direction).toBe('up');
    expect(trend.change).toBeCloseTo(0.05);
    expect(compareWithPrevious(0.2, 0.1, 'rate', false)).toMatchObject({ direction: 'up', tone: 'bad' });
  });

  it('reads tiny changes as none, growth from zero as up without a share, and a missing figure as unknown', () => {
    expect(compareWithPrevious(1000, 1001, 'count', true)).toMatchObject({ direction: 'same', tone: 'neutral' });
    expect(compareWithPrevious(5, 0, 'count', true)).toEqual({ direction: 'up', change: null, tone: 'good' });
    expect(compareWithPrevious(0, 0, 'count', true)).toMatchObject({ direction: 'same' });
    expect(compareWithPrevious(null, 0.5, 'rate', true)).toEqual({ direction: 'unknown', change: null, tone: 'neutral' });
    expect(compareWithPrevious(3_600_000, null, 'duration', false).direction).toBe('unknown');
  });
});

describe('words', () => {
  it('says the change short and in a sentence', () => {
    const up = compareWithPrevious(45, 40, 'count', true);
    expect(changeText(up, 'count')).toBe('13%');
    expect(trendSentence(up, 'count', '40')).toBe('up 13% from 40 in the previous period');
    const rate = compareWithPrevious(0.7, 0.75, 'rate', true);
    expect(changeText(rate, 'rate')).toBe('5 pts');
    expect(trendSentence(rate, 'rate', '75%')).toBe('down 5 points from 75% in the previous period');
    expect(trendSentence(compareWithPrevious(4.5, 4, 'count', true), 'count', '4')).toBe('up 13% from 4 in the previous period');
    expect(trendSentence(compareWithPrevious(0.9, 1, 'count', true), 'count', '1')).toBe('down 10% from 1 in the previous period');
    expect(trendSentence(compareWithPrevious(0.955, 1, 'count', true), 'count', '1')).toBe('down 4.5% from 1 in the previous period');
  });

  it('says growth from zero, no change, and no figure', () => {
    expect(trendSentence(compareWithPrevious(5, 0, 'count', true), 'count', '0')).toBe('up from 0 in the previous period');
    expect(changeText(compareWithPrevious(5, 0, 'count', true), 'count')).toBe('');
    expect(trendSentence(compareWithPrevious(40, 40, 'count', true), 'count', '40')).toBe('no change from 40 in the previous period');
    expect(trendSentence(compareWithPrevious(null, 40, 'count', true), 'count', '40')).toBe('no figure for the previous period');
  });
});
