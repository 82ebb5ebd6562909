import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../shared/storage/storage-keys.ts';
import { createActivity, newSessionId } from './ai-activity.ts';

function memory() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
    items,
  };
}

describe('the assistant’s session activity (spec §3, §9)', () => {
  it('makes session ids from the time and random text', () => {
    expect(newSessionId(1_700_000_000_000, () => 0.123456789)).toBe(`session_${(1_700_000_000_000).toString(36)}_${(0.123456789).toString(36).slice(2, 11)}`);
    expect(newSessionId()).not.toBe(newSessionId());
  });

  it('keeps the last 10 actions in session storage, shaped action, context, timestamp, sessionId', () => {
    const session = memory();
    const a = createActivity({ session, local: memory(), now: () => Date.parse('2026-01-05T10:00:00Z'), sessionId: 's1' });
    for (let i = 0; i < 12; i += 1) a.recordAction(`visit ${i}`, { path: `/p${i}` });
    const kept = JSON.parse(session.items.get(STORAGE_KEYS.aiRecentActions)!);
    expect(kept).toHaveLength(10);
    expect(kept[0]).toEqual({ action: 'visit 2', context: { path: '/p2' }, timestamp: '2026-01-05T10:00:00.000Z', sessionId: 's1' });
    expect(a.recentActions().at(-1)!.action).toBe('visit 11');
  });

  it('flushes the analytics queue at 5 entries or after over 30 s, keeping the last 100', () => {
    const local = memory();
    let t = Date.parse('2026-01-05T10:00:00Z');
    const a = createActivity({ session: memory(), local, now: () => t, sessionId: 's1' });
    for (let i = 0; i < 4; i += 1) a.track('question', { i });
    expect(local.items.has(STORAGE_KEYS.aiInteractionAnalytics)).toBe(false);
    a.track('question', { i: 4 });
    expect(JSON.parse(local.items.get(STORAGE_KEYS.aiInteractionAnalytics)!)).toHaveLength(5);
    a.track('feedback', { score: 5 });
    t += 30_000;
    a.tick();
    expect(a.pending()).toBe(1);
    t += 1;
    a.tick();
    expect(a.pending()).toBe(0);
    const saved = JSON.parse(local.items.get(STORAGE_KEYS.aiInteractionAnalytics)!);
    expect(saved.at(-1)).toEqual({ pattern: 'feedback', data: { score: 5 }, timestamp: '2026-01-05T10:00:00.000Z', sessionId: 's1' });
    for (let i = 0; i < 120; i += 1) a.track('suggestion', { i });
    expect(JSON.parse(local.items.get(STORAGE_KEYS.aiInteractionAnalytics)!)).toHaveLength(100);
  });

  it('shows the top 5 patterns and the last 5 activities', () => {
    const a = createActivity({ session: memory(), local: memory(), sessionId: 's1' });
    const patterns = ['a', 'a', 'a', 'b', 'b', 'c', 'd', 'e', 'f', 'g'];
    for (const p of patterns) a.track(p);
    const stats = a.stats();
    expect(stats.topPatterns).toEqual([
      { pattern: 'a', count: 3 },
      { pattern: 'b', count: 2 },
      { pattern: 'c', count: 1 },
      { pattern: 'd', count: 1 },
      { pattern: 'e', count: 1 },
    ]);
    expect(stats.lastActivities.map((e) => e.pattern)).toEqual(['g', 'f', 'e', 'd', 'c']);
  });
});
