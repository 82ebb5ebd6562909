import { describe, expect, it } from 'vitest';
import { beginGesture, commit, createHistory, endGesture, HISTORY_LIMIT, live, redo, undo } from './history.ts';

describe('builder history', () => {
  it('undoes and redoes commits, and a new commit drops the redo branch', () => {
    let h = createHistory('a');
    h = commit(h, 'b');
    h = commit(h, 'c');
    h = undo(h);
    expect(h.doc).toBe('b');
    h = undo(h);
    expect(h.doc).toBe('a');
    expect(undo(h)).toBe(h);
    h = redo(h);
    expect(h.doc).toBe('b');
    h = commit(h, 'x');
    expect(h.future).toEqual([]);
    expect(redo(h)).toBe(h);
  });

  it('gives a state its rev back on undo, so returning to the saved state is clean', () => {
    let h = createHistory('a');
    const saved = h.rev;
    h = commit(h, 'b');
    expect(h.rev).not.toBe(saved);
    h = undo(h);
    expect(h.rev).toBe(saved);
  });

  it('merges quick edits of the same field, not of different fields or slow ones', () => {
    let h = createHistory('a');
    h = commit(h, 'ab', 'name', 1000);
    h = commit(h, 'abc', 'name', 1500);
    expect(h.past.map((e) => e.doc)).toEqual(['a']);
    h = commit(h, 'abcd', 'name', 5000);
    h = commit(h, 'abcde', 'config', 5100);
    expect(h.past.map((e) => e.doc)).toEqual(['a', 'abc', 'abcd']);
  });

  it('makes a drag one undo step however many frames it had, and none when nothing moved', () => {
    let h = createHistory('a');
    h = beginGesture(h);
    h = live(h, 'a1');
    h = live(h, 'a2');
    h = endGesture(h, true);
    expect(h.past.map((e) => e.doc)).toEqual(['a']);
    expect(undo(h).doc).toBe('a');
    const before = h.past.length;
    h = endGesture(beginGesture(h), false);
    expect(h.past.length).toBe(before);
  });

  it('keeps at most HISTORY_LIMIT steps', () => {
    let h = createHistory(0);
    for (let i = 1; i <= HISTORY_LIMIT + 50; i += 1) h = commit(h, i);
    expect(h.past.length).toBe(HISTORY_LIMIT);
  });
});
