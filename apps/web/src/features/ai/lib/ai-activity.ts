/**
 * What the assistant knows of the user's session (spec §3, §9): the last 10 actions in session storage
 * (`ai_recent_actions`, sent with each question as the context's recent actions) and the interaction analytics
 * queue, flushed into local storage (`ai_interaction_analytics`, the last 100 kept) at 5 entries or after 30 s.
 * Sending these to a server is not part of the spec; they stay in the browser.
 */
import { AI_RECENT_ACTIONS_MAX } from '@admin-portal/contract/ai/texts';
import { createSafeStorage, type KeyValueStorage } from '../../../shared/storage/local-storage.ts';
import { STORAGE_KEYS } from '../../../shared/storage/storage-keys.ts';

export const RECENT_ACTIONS_MAX = AI_RECENT_ACTIONS_MAX;
export const ANALYTICS_KEPT = 100;
export const FLUSH_AT = 5;
export const FLUSH_AFTER_MS = 30_000;
export const STATS_TOP = 5;

/** Spec §3: action, context, timestamp, sessionId. */
export interface RecentAction {
  action: string;
  context: unknown;
  timestamp: string;
  sessionId: string;
}

/** Spec §3: pattern, data, timestamp, sessionId. */
export interface InteractionPattern {
  pattern: string;
  data: unknown;
  timestamp: string;
  sessionId: string;
}

/** Spec §9: made from the time and random text. */
export function newSessionId(now = Date.now(), random = Math.random): string {
  return `session_${now.toString(36)}_${random().toString(36).slice(2, 11)}`;
}

function sessionStorageOrNull(): KeyValueStorage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

function readList<T>(raw: string | null): T[] {
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? (parsed as T[]) : [];
  } catch {
    return [];
  }
}

export interface ActivityOptions {
  session?: KeyValueStorage | null;
  local?: KeyValueStorage | null;
  now?: () => number;
  sessionId?: string;
}

export function createActivity(options: ActivityOptions = {}) {
  const session = createSafeStorage(() => (options.session === undefined ? sessionStorageOrNull() : options.session));
  const local = createSafeStorage(() => {
    if (options.local !== undefined) return options.local;
    try {
      return globalThis.localStorage ?? null;
    } catch {
      return null;
    }
  });
  const now = options.now ?? Date.now;
  const sessionId = options.sessionId ?? newSessionId(now());
  let queue: InteractionPattern[] = [];

  const stored = () => readList<InteractionPattern>(local.get(STORAGE_KEYS.aiInteractionAnalytics));

  function flush(): void {
    if (queue.length === 0) return;
    local.set(STORAGE_KEYS.aiInteractionAnalytics, JSON.stringify([...stored(), ...queue].slice(-ANALYTICS_KEPT)));
    queue = [];
  }

  return {
    sessionId,
    recentActions(): RecentAction[] {
      return readList<RecentAction>(session.get(STORAGE_KEYS.aiRecentActions));
    },
    recordAction(action: string, context: unknown = null): void {
      const entry: RecentAction = { action, context, timestamp: new Date(now()).toISOString(), sessionId };
      session.set(STORAGE_KEYS.aiRecentActions, JSON.stringify([...this.recentActions(), entry].slice(-RECENT_ACTIONS_MAX)));
    },
    /** Queues a pattern; the queue is written at 5 entries, or by `tick` once its oldest entry is over 30 s old. */
    track(pattern: string, data: unknown = null): void {
      queue.push({ pattern, data, timestamp: new Date(now()).toISOString(), sessionId });
      if (queue.length >= FLUSH_AT) flush();
    },
    tick(): void {
      const oldest = queue[0];
      if (oldest && now() - Date.parse(oldest.timestamp) > FLUSH_AFTER_MS) flush();
    },
    flush,
    pending(): number {
      return queue.length;
    },
    /** The top 5 patterns (most frequent first) and the last 5 activities, over what is kept and queued. */
    stats(): { topPatterns: { pattern: string; count: number }[]; lastActivities: InteractionPattern[] } {
      const all = [...stored(), ...queue];
      const counts = new Map<string, number>();
      for (const e of all) counts.set(e.pattern, (counts.get(e.pattern) ?? 0) + 1);
      const topPatterns = [...counts]
        .map(([pattern, count]) => ({ pattern, count }))
        .sort((a, b) => b.count - a.count || a.pattern.localeCompare(b.pattern))
        .slice(0, STATS_TOP);
      return { topPatterns, lastActivities: all.slice(-STATS_TOP).reverse() };
    },
  };
}

export type Activity = ReturnType<typeof createActivity>;
