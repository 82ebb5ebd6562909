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

export function dismissNotification(id: string): void {
  notificationsStore.set((s) => ({ items: s.items.filter((n) => n.id !== id) }));
}

/** Lifetimes of toasts shown while held, started when released (holdToastLifetimes). */
let held: (() => void)[] | null = null;

/**
 * Until the returned function is called, toasts shown start their lifetime later: for a page that signs in before
 * the app that draws the toasts has started (sign-in.tsx), so the welcome toast's 5 s count from when it can be seen.
 */
export function holdToastLifetimes(): () => void {
  held ??= [];
  return () => {
    const start = held ?? [];
    held = null;
    for (const begin of start) begin();
  };
}

/** Shows a toast; it disappears after 5000 ms (spec §4) unless a lifetime is given (null keeps it). */
export function notify(notification: Omit<AppNotification, 'id'>, lifetimeMs: number | null = LIMITS.toastLifetimeMs): string {
  counter += 1;
  const id = `n${Date.now().toString(36)}-${counter}`;
  notificationsStore.set((s) => ({ items: [...s.items, { ...notification, id }] }));
  if (lifetimeMs !== null) {
    const begin = () => void setTimeout(() => dismissNotification(id), lifetimeMs);
    if (held) held.push(begin);
    else begin();
  }
  return id;
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
