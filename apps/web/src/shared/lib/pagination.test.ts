import { describe, expect, it } from 'vitest';
import { pageCount, pageSizeOptions, pageWindow } from './pagination.ts';

describe('pagination', () => {
  it('counts pages, at least one', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(51, 25)).toBe(3);
  });

  it('shows the pages around the current one with gaps', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 12)).toEqual([1, null, 4, 5, 6, null, 12]);
    expect(pageWindow(3, 12)).toEqual([1, 2, 3, 4, null, 12]);
    expect(pageWindow(12, 12)).toEqual([1, null, 11, 12]);
  });
});

describe('pageSizeOptions', () => {
  it('offers the usual sizes, plus the current one in order when it is not among them', () => {
    expect(pageSizeOptions([10, 25, 50], 25)).toEqual([10, 25, 50]);
    expect(pageSizeOptions([10, 25, 50], 30)).toEqual([10, 25, 30, 50]);
    expect(pageSizeOptions([10, 25, 50], 200)).toEqual([10, 25, 50, 200]);
  });
});
