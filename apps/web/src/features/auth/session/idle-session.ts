import { LIMITS } from '@admin-portal/contract/messages';
import { createStore, useStore, type Store } from '../../../shared/lib/create-store.ts';
import { listenForActivity, type ActivityTarget } from './activity-events.ts';
import { IDLE_LIMITS, idlePhase, idleRemainingMs } from './idle-timing.ts';

export interface IdleSessionState {
  /** stopped: nobody signed in; warning: the 'Session Expiring' modal is up; expired: the session was ended. */
  phase: 'stopped' | 'active' | 'warning' | 'expired';
  remainingMs: number;
}

export interface IdleSessionHandlers {
  /** 5 minutes or less remain: show the warning toast. */
  onWarning?: () => void;
  /** The countdown reached 0 or the idle time reached 30 minutes: end the session. */
  onExpired?: () => void;
}

/** What the other tabs of the portal hear, so one busy tab keeps an idle one alive and an extension counts everywhere. */
interface TabMessage {
  type: 'activity' | 'extended';
  at: number;
}

type TabChannel = Pick<BroadcastChannel, 'postMessage' | 'close'> & { onmessage: ((event: MessageEvent) => void) | null };

export interface IdleSessionOptions {
  timeoutMs?: number;
  warningMs?: number;
  checkIntervalMs?: number;
  /** How often the countdown updates while the warning is up. */
  tickMs?: number;
  now?: () => number;
  /** Where activity is heard (the window in the app). */
  activityTarget?: ActivityTarget | null;
  /** Where page visibility changes are heard, so a tab woken from sleep is checked at once. */
  visibilityTarget?: ActivityTarget | null;
  /** Opens the channel shared with the other tabs; null for none. */
  openChannel?: (() => TabChannel) | null;
  /** Activity is told to the other tabs at most this often. */
  broadcastEveryMs?: number;
}

export interface IdleSession {
  store: Store<IdleSessionState>;
  start(handlers?: IdleSessionHandlers): void;
  stop(): void;
  /** Resets the idle time and closes the warning (after the server confirmed the session: 'Extend Session'). */
  extend(): void;
  /** Runs the idle check now (the interval does it every 60 s). */
  check(): void;
}

/**
 * Spec §4 idle timeout. Activity resets the idle timer; every 60 s the idle time is checked; with 5 minutes or less
 * left the warning opens and counts down each second. While the warning is up, activity no longer counts: only
 * 'Extend Session' (which asks the server first) resets the timer, so a stray mouse move cannot dismiss it.
 */
export function createIdleSession(options: IdleSessionOptions = {}): IdleSession {
  const timeoutMs = options.timeoutMs ?? IDLE_LIMITS.timeoutMs;
  const warningMs = options.warningMs ?? IDLE_LIMITS.warningMs;
  const checkIntervalMs = options.checkIntervalMs ?? LIMITS.idleCheckIntervalMs;
  const tickMs = options.tickMs ?? 1000;
  const broadcastEveryMs = options.broadcastEveryMs ?? 5000;
  const now = options.now ?? (() => Date.now());

  const store = createStore<IdleSessionState>({ phase: 'stopped', remainingMs: timeoutMs });
  let handlers: IdleSessionHandlers = {};
  let lastActivityAt = 0;
  let lastBroadcastAt = -Infinity;
  let checkTimer: ReturnType<typeof setInterval> | undefined;
  let tickTimer: ReturnType<typeof setInterval> | undefined;
  let cleanups: (() => void)[] = [];
  let channel: TabChannel | null = null;

  const remaining = () => idleRemainingMs(now(), lastActivityAt, timeoutMs);

  function stopTicking(): void {
    if (tickTimer !== undefined) clearInterval(tickTimer);
    tickTimer = undefined;
  }

  function stopTimers(): void {
    stopTicking();
    if (checkTimer !== undefined) clearInterval(checkTimer);
    checkTimer = undefined;
    for (const cleanup of cleanups) cleanup();
    cleanups = [];
    channel?.close();
    channel = null;
  }

  function expire(): void {
    stopTimers();
    store.set({ phase: 'expired', remainingMs: 0 });
    handlers.onExpired?.();
  }

  function tick(): void {
    if (store.get().phase !== 'warning') return;
    const left = remaining();
    if (left <= 0) expire();
    else store.set({ remainingMs: left });
  }

  function check(): void {
    const { phase } = store.get();
    if (phase !== 'active' && phase !== 'warning') return;
    const left = remaining();
    const next = idlePhase(left, warningMs);
    if (next === 'expired') return expire();
    if (next === 'warning') {
      store.set({ phase: 'warning', remainingMs: left });
      if (phase !== 'warning') {
        tickTimer = setInterval(tick, tickMs);
        handlers.onWarning?.();
      }
      return;
    }
    store.set({ phase: 'active', remainingMs: left });
  }

  function broadcast(type: TabMessage['type'], at: number): void {
    try {
      channel?.postMessage({ type, at } satisfies TabMessage);
    } catch {
      // A closed channel only means the other tabs do not hear this one.
    }
  }

  function onActivity(): void {
    if (store.get().phase !== 'active') return;
    const at = now();
    lastActivityAt = at;
    if (at - lastBroadcastAt >= broadcastEveryMs) {
      lastBroadcastAt = at;
      broadcast('activity', at);
    }
  }

  function resetIdle(at: number): void {
    lastActivityAt = Math.max(lastActivityAt, at);
    stopTicking();
    store.set({ phase: 'active', remainingMs: remaining() });
  }

  function onTabMessage(event: MessageEvent): void {
    const message = event.data as Partial<TabMessage> | null;
    if (!message || typeof message.at !== 'number') return;
    const { phase } = store.get();
    // Another tab's activity keeps this one alive, like this tab's own activity does (not once the warning is up).
    if (message.type === 'activity' && phase === 'active') lastActivityAt = Math.max(lastActivityAt, message.at);
    // An extension confirmed by the server in another tab closes this tab's warning too.
    if (message.type === 'extended' && (phase === 'active' || phase === 'warning')) resetIdle(message.at);
  }

  function onVisibilityChange(): void {
    if (typeof document === 'undefined' || document.visibilityState === 'visible') check();
  }

  return {
    store,
    start(next = {}) {
      stopTimers();
      handlers = next;
      lastActivityAt = now();
      lastBroadcastAt = -Infinity;
      store.set({ phase: 'active', remainingMs: timeoutMs });
      if (options.activityTarget) cleanups.push(listenForActivity(options.activityTarget, onActivity));
      if (options.visibilityTarget) {
        const target = options.visibilityTarget;
        target.addEventListener('visibilitychange', onVisibilityChange);
        cleanups.push(() => target.removeEventListener('visibilitychange', onVisibilityChange));
      }
      if (options.openChannel) {
        try {
          channel = options.openChannel();
          channel.onmessage = onTabMessage;
        } catch {
          channel = null;
        }
      }
      checkTimer = setInterval(check, checkIntervalMs);
    },
    stop() {
      stopTimers();
      handlers = {};
      store.set({ phase: 'stopped', remainingMs: timeoutMs });
    },
    extend() {
      const { phase } = store.get();
      if (phase !== 'active' && phase !== 'warning') return;
      const at = now();
      lastActivityAt = at;
      resetIdle(at);
      broadcast('extended', at);
    },
    check,
  };
}

const browser = typeof window !== 'undefined';

/** The app's one idle session, listening on the window and sharing activity with the portal's other tabs. */
export const idleSession = createIdleSession({
  activityTarget: browser ? window : null,
  visibilityTarget: browser ? document : null,
  openChannel: browser && typeof BroadcastChannel !== 'undefined' ? () => new BroadcastChannel('admin_portal.idle_session') : null,
});

export function useIdleSession(): IdleSessionState {
  return useStore(idleSession.store, (s) => s);
}
