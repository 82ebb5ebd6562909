import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIVITY_EVENTS } from './activity-events.ts';
import { createIdleSession, type IdleSessionOptions } from './idle-session.ts';

const MIN = 60_000;

/** Two tabs' channels joined back to back. */
function channelPair() {
  type End = { onmessage: ((event: MessageEvent) => void) | null; postMessage: (data: unknown) => void; close: () => void; peer?: End };
  const a: End = { onmessage: null, postMessage: (data) => a.peer?.onmessage?.({ data } as MessageEvent), close: () => {} };
  const b: End = { onmessage: null, postMessage: (data) => b.peer?.onmessage?.({ data } as MessageEvent), close: () => {} };
  a.peer = b;
  b.peer = a;
  return [a, b] as const;
}

function setup(extra: IdleSessionOptions = {}) {
  const target = new EventTarget();
  const session = createIdleSession({ activityTarget: target, now: () => Date.now(), ...extra });
  const onWarning = vi.fn();
  const onExpired = vi.fn();
  session.start({ onWarning, onExpired });
  return { session, target, onWarning, onExpired, state: () => session.store.get() };
}

describe('idle session (spec §4)', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2025-01-01T09:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  it('opens the warning at the first 60 s check with 5 minutes or less left, once', () => {
    const { onWarning, state } = setup();
    vi.advanceTimersByTime(24 * MIN);
    expect(state().phase).toBe('active');
    expect(onWarning).not.toHaveBeenCalled();
    vi.advanceTimersByTime(MIN);
    expect(state()).toEqual({ phase: 'warning', remainingMs: 5 * MIN });
    vi.advanceTimersByTime(MIN);
    expect(onWarning).toHaveBeenCalledTimes(1);
  });

  it('counts down every second while the warning is up and expires at zero', () => {
    const { onExpired, state } = setup();
    vi.advanceTimersByTime(25 * MIN);
    vi.advanceTimersByTime(1000);
    expect(state().remainingMs).toBe(5 * MIN - 1000);
    vi.advanceTimersByTime(5 * MIN - 2000);
    expect(state()).toEqual({ phase: 'warning', remainingMs: 1000 });
    expect(onExpired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(state().phase).toBe('expired');
    expect(onExpired).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10 * MIN);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('expires without a warning when the page wakes up after 30 minutes or more', () => {
    const { session, onWarning, onExpired, state } = setup();
    vi.setSystemTime(Date.now() + 31 * MIN); // the laptop lid was closed; no timer ran
    session.check();
    expect(onWarning).not.toHaveBeenCalled();
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(state().phase).toBe('expired');
  });

  it('each of the six activity events resets the idle timer', () => {
    expect(ACTIVITY_EVENTS).toEqual(['mousedown', 'mousemove', 'keypress', 'scroll', 'touchstart', 'click']);
    for (const type of ACTIVITY_EVENTS) {
      const { session, target, onWarning } = setup();
      vi.advanceTimersByTime(20 * MIN);
      target.dispatchEvent(new Event(type));
      vi.advanceTimersByTime(20 * MIN);
      expect(onWarning, type).not.toHaveBeenCalled();
      vi.advanceTimersByTime(5 * MIN);
      expect(onWarning, type).toHaveBeenCalledTimes(1);
      session.stop();
    }
  });

  it('ignores activity once the warning is up: only extending closes it', () => {
    const { session, target, state } = setup();
    vi.advanceTimersByTime(25 * MIN);
    expect(state().phase).toBe('warning');
    target.dispatchEvent(new Event('mousemove'));
    target.dispatchEvent(new Event('click'));
    vi.advanceTimersByTime(MIN);
    expect(state()).toEqual({ phase: 'warning', remainingMs: 4 * MIN });
    session.extend();
    expect(state()).toEqual({ phase: 'active', remainingMs: 30 * MIN });
    vi.advanceTimersByTime(24 * MIN);
    expect(state().phase).toBe('active');
    vi.advanceTimersByTime(MIN);
    expect(state().phase).toBe('warning');
  });

  it('stops listening and counting when stopped (signed out)', () => {
    const { session, target, onWarning, onExpired, state } = setup();
    session.stop();
    expect(state().phase).toBe('stopped');
    target.dispatchEvent(new Event('click'));
    vi.advanceTimersByTime(60 * MIN);
    expect(onWarning).not.toHaveBeenCalled();
    expect(onExpired).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a restart (next sign-in) begins a fresh idle period', () => {
    const { session, state } = setup();
    vi.advanceTimersByTime(25 * MIN);
    expect(state().phase).toBe('warning');
    session.start();
    expect(state()).toEqual({ phase: 'active', remainingMs: 30 * MIN });
    expect(vi.getTimerCount()).toBe(1);
  });

  it('shares activity and extensions with the other tabs', () => {
    const [one, two] = channelPair();
    const busy = setup({ openChannel: () => one });
    const idle = setup({ openChannel: () => two });
    vi.advanceTimersByTime(20 * MIN);
    busy.target.dispatchEvent(new Event('keypress'));
    vi.advanceTimersByTime(6 * MIN);
    expect(idle.state().phase).toBe('active');
    vi.advanceTimersByTime(19 * MIN);
    expect(idle.state().phase).toBe('warning');
    expect(busy.state().phase).toBe('warning');
    busy.session.extend();
    expect(idle.state().phase).toBe('active');
    expect(idle.onExpired).not.toHaveBeenCalled();
  });
});
