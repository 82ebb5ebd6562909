import { describe, expect, it } from 'vitest';
import { collectCursorPages, collectPages, csvFilename } from './export-csv.ts';

const numbers = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('collectPages', () => {
  it('walks a limit/offset list at the largest page size until the total', async () => {
    const all = numbers(450);
    const asked: [number, number][] = [];
    const rows = await collectPages(async (offset, limit) => {
      asked.push([offset, limit]);
      return { items: all.slice(offset, offset + limit), total: all.length };
    });
    expect(rows).toEqual(all);
    expect(asked).toEqual([
      [0, 200],
      [200, 200],
      [400, 200],
    ]);
  });

  it('stops at the cap, and at an empty page even when the total says more', async () => {
    expect(await collectPages(async (offset, limit) => ({ items: numbers(1000).slice(offset, offset + limit), total: 1000 }), 250)).toHaveLength(250);
    let calls = 0;
    expect(
      await collectPages(async () => {
        calls += 1;
        return { items: [], total: 5 };
      }),
    ).toEqual([]);
    expect(calls).toBe(1);
  });
});

describe('collectCursorPages', () => {
  it('follows next_cursor until the list ends', async () => {
    const all = numbers(420);
    const rows = await collectCursorPages(async (cursor, limit) => {
      const from = cursor === null ? 0 : Number(cursor);
      const items = all.slice(from, from + limit);
      const next = from + limit < all.length ? String(from + limit) : null;
      return { items, next_cursor: next };
    });
    expect(rows).toEqual(all);
  });
});

describe('csvFilename', () => {
  it('names the file after the list and the local date', () => {
    expect(csvFilename('workflows', new Date(2026, 10, 5, 23, 30))).toBe('workflows-2026-11-05.csv');
  });
});
