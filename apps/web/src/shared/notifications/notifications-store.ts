import { LIMITS } from '@admin-portal/contract/messages';
import { createStore, useStore } from '../lib/create-store.ts';
import type { ToastTitle } from './toast-titles.ts';

/** Spec §3 notification. */
export type NotificationType = 'success' | 'error' | 'warning' | 'info';

export interface AppNotification {
  id: string;
  type: NotificationType;
  /** From TOAST_TITLES (toast-titles.ts), where every title is checked for sentence case. */
  title: ToastTitle;
  message?: string;
  /** What clicking the toast does (it then closes); without one a toast is only read and closed. */
  action?: () => void;
}

const notificationsStore = createStore<{ items: AppNotification[] }>({ items: [] });

let counter = 0;
/** How long each toast not yet drawn will stay once it is (null: until dismissed). */
const lifetimes = new Map<string, number | null>();

/** A drawn toast's count: the time it has left, and its timer while it runs (none while a pointer or focus holds it). */
interface Countdown {
  leftMs: number;
  endsAt: number;
  timer: ReturnType<typeof setTimeout> | null;
  holds: Set<Hold>;
}
const countdowns = new Map<string, Countdown>();

/** What keeps a toast on screen while it lasts: a pointer over it, or the keyboard's focus in it (WCAG 2.2.1). */
export type Hold = 'pointer' | 'focus';

function run(id: string, countdown: Countdown): void {
  countdown.endsAt = Date.now() + countdown.leftMs;
  countdown.timer = setTimeout(() => dismissNotification(id), countdown.leftMs);
}

export function dismissNotification(id: string): void {
  lifetimes.delete(id);
  const countdown = countdowns.get(id);
  if (countdown?.timer) clearTimeout(countdown.timer);
  countdowns.delete(id);
  notificationsStore.set((s) => ({ items: s.items.filter((n) => n.id !== id) }));
}

/**
 * Shows a toast; it disappears 5000 ms (spec §4) after it is first drawn, unless a lifetime is given (null keeps it).
 * The count starts on screen, not here: a toast sent while the app is still starting (the welcome toast, sent as
 * /login's own page hands over to the app) is seen for its whole lifetime however slow the start.
 */
export function notify(notification: Omit<AppNotification, 'id'>, lifetimeMs: number | null = LIMITS.toastLifetimeMs): string {
  counter += 1;
  const id = `n${Date.now().toString(36)}-${counter}`;
  lifetimes.set(id, lifetimeMs);
  notificationsStore.set((s) => ({ items: [...s.items, { ...notification, id }] }));
  return id;
}

/** Called by the toast stack when it first draws a toast: its lifetime starts (once, however often it is drawn). */
export function startNotificationLifetime(id: string): void {
  if (!lifetimes.has(id)) return;
  const lifetimeMs = lifetimes.get(id);
  lifetimes.delete(id);
  if (lifetimeMs == null) return;
  const countdown: Countdown = { leftMs: lifetimeMs, endsAt: 0, timer: null, holds: new Set() };
  countdowns.set(id, countdown);
  run(id, countdown);
}

/**
 * A pointer over a toast, or focus in it, stops its count; the count goes on with the time it had left once nothing
 * holds it. A person reading or reaching for a toast does not see it go (as Sonner's and MUI's toasts do).
 */
export function holdNotification(id: string, hold: Hold): void {
  const countdown = countdowns.get(id);
  if (!countdown) return;
  countdown.holds.add(hold);
  if (!countdown.timer) return;
  clearTimeout(countdown.timer);
  countdown.timer = null;
  countdown.leftMs = Math.max(0, countdown.endsAt - Date.now());
}

export function releaseNotification(id: string, hold: Hold): void {
  const countdown = countdowns.get(id);
  if (!countdown?.holds.delete(hold) || countdown.holds.size > 0 || countdown.timer) return;
  run(id, countdown);
}

/** Clicking an actionable toast: it closes and its action runs. */
export function runNotificationAction(id: string): void {
  const notification = notificationsStore.get().items.find((n) => n.id === id);
  if (!notification?.action) return;
  dismissNotification(id);
  notification.action();
}

export function getNotifications(): AppNotification[] {
  return notificationsStore.get().items;
}

export function useNotifications(): AppNotification[] {
  return useStore(notificationsStore, (s) => s.items);
}
