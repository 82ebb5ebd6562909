import { describe, expect, it } from 'vitest';
import { commit, createHistory, undo } from './history.ts';
import { hasUnsavedChanges } from './unsaved-changes.ts';

describe('hasUnsavedChanges', () => {
  it('is false for a new workflow as it opens, true after an edit, and false again once the edit is undone', () => {
    // What the builder holds when opened from the menu: the starter document, nothing saved yet.
    let h = createHistory({ steps: 2 });
    const saved = { savedRev: h.rev, savedName: 'Untitled workflow' };
    expect(hasUnsavedChanges({ rev: h.rev, name: 'Untitled workflow', ...saved })).toBe(false);
    h = commit(h, { steps: 3 });
    expect(hasUnsavedChanges({ rev: h.rev, name: 'Untitled workflow', ...saved })).toBe(true);
    h = undo(h);
    expect(hasUnsavedChanges({ rev: h.rev, name: 'Untitled workflow', ...saved })).toBe(false);
  });

  it('counts a renamed workflow as changed until the name is back', () => {
    const h = createHistory({});
    const saved = { savedRev: h.rev, savedName: 'Onboarding' };
    expect(hasUnsavedChanges({ rev: h.rev, name: 'Onboarding v2', ...saved })).toBe(true);
    expect(hasUnsavedChanges({ rev: h.rev, name: 'Onboarding', ...saved })).toBe(false);
  });
});
