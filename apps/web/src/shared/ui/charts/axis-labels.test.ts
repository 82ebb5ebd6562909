import { describe, expect, it } from 'vitest';
import { ellipsize, fitLabel, labelRoom } from './axis-labels.ts';

/** Every character 6 px wide, as a 12 px sans-serif roughly is. */
const measure = (s: string) => s.length * 6;

describe('axis labels', () => {
  it('keeps a label that fits as it is', () => {
    expect(fitLabel('Identity document and selfie', 200, 2, measure)).toEqual(['Identity document and selfie']);
  });

  it('wraps a label at spaces onto the lines a row has room for', () => {
    // 28 characters (168 px) in 132 px: two lines, nothing lost.
    expect(fitLabel('Identity document and selfie', 132, 2, measure)).toEqual(['Identity document and', 'selfie']);
  });

  it('ends what still does not fit in "…", never wider than the room', () => {
    const lines = fitLabel('Proof of address and a declaration of the source of funds', 132, 2, measure);
    expect(lines).toEqual(['Proof of address and a', 'declaration of the so…']);
    expect(lines.every((l) => measure(l) <= 132)).toBe(true);
    expect(fitLabel('Identity document and selfie', 132, 1, measure)).toEqual(['Identity document and…']);
    expect(fitLabel('Supercalifragilisticexpialidocious check', 60, 2, measure)).toEqual(['Supercali…']);
  });

  it('ellipsizes to the longest start that fits, or "…" alone', () => {
    expect(ellipsize('Identity', 48, measure)).toBe('Identity');
    expect(ellipsize('Identity document', 48, measure)).toBe('Identit…');
    expect(ellipsize('Identity', 3, measure)).toBe('…');
  });

  it('gives the labels a share of the chart, and never too little', () => {
    expect(labelRoom(330)).toBe(132);
    expect(labelRoom(100)).toBe(56);
  });
});
