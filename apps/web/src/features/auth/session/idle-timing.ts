import { LIMITS } from '@admin-portal/contract/messages';

/** Spec §4 idle timeout: where a signed-in session stands, given how long the user has been idle. */
export type IdlePhase = 'active' | 'warning' | 'expired';

export interface IdleLimits {
  timeoutMs: number;
  warningMs: number;
}

export const IDLE_LIMITS: IdleLimits = { timeoutMs: LIMITS.idleTimeoutMs, warningMs: LIMITS.idleWarningMs };

/** Time left before the idle timeout; never negative. */
export function idleRemainingMs(now: number, lastActivityAt: number, timeoutMs: number = IDLE_LIMITS.timeoutMs): number {
  return Math.max(0, timeoutMs - Math.max(0, now - lastActivityAt));
}

/** Expired at 0 left; warning once 5 minutes or less remain; otherwise active. */
export function idlePhase(remainingMs: number, warningMs: number = IDLE_LIMITS.warningMs): IdlePhase {
  if (remainingMs <= 0) return 'expired';
  if (remainingMs <= warningMs) return 'warning';
  return 'active';
}

/** m:ss, rounding partial seconds up so 0:00 shows only when the time is really out. */
export function formatCountdown(remainingMs: number): string {
  const totalSeconds = Math.max(0, Math.ceil(remainingMs / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

/** The warning bar: the share of the warning window still left, from 1 (just warned) down to 0. */
export function remainingFraction(remainingMs: number, warningMs: number = IDLE_LIMITS.warningMs): number {
  if (warningMs <= 0) return 0;
  return Math.min(1, Math.max(0, remainingMs / warningMs));
}
