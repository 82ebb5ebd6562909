import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '@admin-portal/contract/messages';
import {
  dismissNotification,
  getNotifications,
  holdNotification,
  notify,
  releaseNotification,
  runNotificationAction,
  startNotificationLifetime,
} from './notifications-store.ts';
import { TOAST_TITLES } from './toast-titles.ts';

const { loginSuccess, exportReady, exportFailed, settingsSaved, sessionExpiring, nothingToSave } = TOAST_TITLES;

describe('notifications', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    for (const n of getNotifications()) dismissNotification(n.id);
    vi.useRealTimers();
  });

  /** What the toast stack does once it has drawn the toasts. */
  const draw = () => getNotifications().forEach((n) => startNotificationLifetime(n.id));

  it('shows a toast and removes it 5000 ms after it is drawn (spec §4)', () => {
    notify({ type: 'success', title: loginSuccess, message: 'Welcome back, Ada!' });
    expect(getNotifications()).toHaveLength(1);
    expect(getNotifications()[0]).toMatchObject({ type: 'success', title: 'Login Successful' });
    draw();
    vi.advanceTimersByTime(LIMITS.toastLifetimeMs - 1);
    expect(getNotifications()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getNotifications()).toHaveLength(0);
  });

  it('counts a toast sent before anything draws it from when it is drawn, once however often it is drawn', () => {
    notify({ type: 'success', title: loginSuccess, message: 'Welcome back, Ada!' });
    vi.advanceTimersByTime(LIMITS.toastLifetimeMs * 2);
    expect(getNotifications()).toHaveLength(1);
    draw();
    vi.advanceTimersByTime(LIMITS.toastLifetimeMs - 1);
    draw();
    expect(getNotifications()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getNotifications()).toHaveLength(0);
  });

  it('stops the count while a pointer or focus holds a toast, and goes on with the time it had left once neither does', () => {
    const id = notify({ type: 'success', title: loginSuccess, message: 'Welcome back, Ada!' });
    draw();
    vi.advanceTimersByTime(2_000);
    holdNotification(id, 'pointer');
    holdNotification(id, 'focus');
    vi.advanceTimersByTime(LIMITS.toastLifetimeMs * 4);
    releaseNotification(id, 'pointer');
    vi.advanceTimersByTime(LIMITS.toastLifetimeMs * 4);
    expect(getNotifications()).toHaveLength(1);
    releaseNotification(id, 'focus');
    releaseNotification(id, 'focus');
    vi.advanceTimersByTime(LIMITS.toastLifetimeMs - 2_000 - 1);
    expect(getNotifications()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getNotifications()).toHaveLength(0);
    holdNotification(id, 'pointer');
    releaseNotification(id, 'pointer');
    expect(getNotifications()).toHaveLength(0);
  });

  it('gives every toast its own id and dismisses one at a time', () => {
    const a = notify({ type: 'info', title: exportReady });
    const b = notify({ type: 'error', title: exportFailed });
    expect(a).not.toBe(b);
    dismissNotification(a);
    expect(getNotifications().map((n) => n.title)).toEqual(['Export failed']);
  });

  it('keeps a toast with no lifetime until dismissed', () => {
    const id = notify({ type: 'warning', title: settingsSaved }, null);
    draw();
    vi.advanceTimersByTime(60_000);
    expect(getNotifications()).toHaveLength(1);
    dismissNotification(id);
    expect(getNotifications()).toHaveLength(0);
  });

  it('runs a toast’s click action once and closes it; a toast without one ignores clicks', () => {
    const action = vi.fn();
    const actionable = notify({ type: 'warning', title: sessionExpiring, action });
    const plain = notify({ type: 'info', title: nothingToSave });
    runNotificationAction(plain);
    expect(getNotifications().map((n) => n.title)).toEqual(['Session Expiring', 'Nothing to save']);
    runNotificationAction(actionable);
    expect(action).toHaveBeenCalledTimes(1);
    expect(getNotifications().map((n) => n.title)).toEqual(['Nothing to save']);
    runNotificationAction(actionable);
    expect(action).toHaveBeenCalledTimes(1);
  });
});
