import type { User } from '@admin-portal/contract/users';
import type { NotificationType } from '../../../shared/notifications/notifications-store.ts';
import { TOAST_TITLES, type ToastTitle } from '../../../shared/notifications/toast-titles.ts';

export type BulkAction = 'unlock' | 'activate' | 'deactivate' | 'delete';
export type BulkTarget = Pick<User, 'id' | 'email' | 'first_name' | 'last_name' | 'is_active' | 'is_locked'>;

interface BulkActionInfo {
  /** Button text. */
  label: string;
  /** Past tense, for the summary ("3 users deactivated"). */
  done: string;
  /** Whether the action would change this user; the others are left alone and counted as unchanged. */
  changes: (user: BulkTarget) => boolean;
  /** Why a user was left alone ("already active"). */
  unchangedReason: string;
  danger: boolean;
}

export const BULK_ACTIONS: Record<BulkAction, BulkActionInfo> = {
  unlock: { label: 'Unlock', done: 'unlocked', changes: (u) => u.is_locked, unchangedReason: 'not locked', danger: false },
  activate: { label: 'Activate', done: 'activated', changes: (u) => !u.is_active, unchangedReason: 'already active', danger: false },
  deactivate: { label: 'Deactivate', done: 'deactivated', changes: (u) => u.is_active, unchangedReason: 'already inactive', danger: true },
  delete: { label: 'Delete', done: 'deleted', changes: () => true, unchangedReason: '', danger: true },
};

export interface BulkOutcome {
  user: BulkTarget;
  ok: boolean;
  /** The server's reason when it refused. */
  message?: string;
}

/**
 * Calls the per-user endpoint for each user in turn (never in parallel, never around the server: each call is
 * checked there exactly as a single one would be), and reports every outcome.
 */
export async function runBulk(
  users: readonly BulkTarget[],
  run: (user: BulkTarget) => Promise<void>,
  onProgress?: (done: number, total: number) => void,
): Promise<BulkOutcome[]> {
  const outcomes: BulkOutcome[] = [];
  for (const user of users) {
    try {
      await run(user);
      outcomes.push({ user, ok: true });
    } catch (err) {
      outcomes.push({ user, ok: false, message: err instanceof Error ? err.message : String(err) });
    }
    onProgress?.(outcomes.length, users.length);
  }
  return outcomes;
}

/** The users the action would change, and those it would not. */
export function partitionForBulk(action: BulkAction, users: readonly BulkTarget[]): { apply: BulkTarget[]; unchanged: BulkTarget[] } {
  const changes = BULK_ACTIONS[action].changes;
  return { apply: users.filter(changes), unchanged: users.filter((u) => !changes(u)) };
}

const plural = (n: number, word = 'user') => `${n} ${word}${n === 1 ? '' : 's'}`;
const MAX_LISTED_FAILURES = 3;

export interface BulkSummary {
  type: NotificationType;
  title: ToastTitle;
  message: string;
}

/** The toast after a bulk action: how many succeeded, which failed and why, and how many needed nothing. */
export function bulkSummary(action: BulkAction, outcomes: readonly BulkOutcome[], unchanged = 0): BulkSummary {
  const info = BULK_ACTIONS[action];
  const ok = outcomes.filter((o) => o.ok).length;
  const failed = outcomes.filter((o) => !o.ok);
  const parts: string[] = [];
  if (ok > 0) parts.push(`${plural(ok)} ${info.done}.`);
  if (failed.length > 0) {
    const listed = failed.slice(0, MAX_LISTED_FAILURES).map((o) => `${o.user.email}: ${o.message ?? 'failed'}`);
    const more = failed.length > MAX_LISTED_FAILURES ? ` …and ${failed.length - MAX_LISTED_FAILURES} more.` : '';
    parts.push(`${plural(failed.length)} failed — ${listed.join('; ')}.${more}`);
  }
  if (unchanged > 0) parts.push(`${plural(unchanged)} ${unchanged === 1 ? 'was' : 'were'} ${info.unchangedReason}.`);
  const message = parts.join(' ');

  if (outcomes.length === 0) return { type: 'info', title: TOAST_TITLES.nothingToChange, message };
  if (failed.length === 0) return { type: 'success', title: TOAST_TITLES.usersDone(info.done), message };
  if (ok === 0) return { type: 'error', title: TOAST_TITLES.noUsersDone(info.done), message };
  return { type: 'warning', title: TOAST_TITLES.someUsersDone(info.done, ok, outcomes.length), message };
}
