import { LIMITS } from '@admin-portal/contract/messages';
import { verifySession } from '../api/verify-session.ts';

let timer: ReturnType<typeof setInterval> | undefined;

/** True when the server confirms the session; a network failure is not an answer, so it yields null. */
export async function confirmSession(): Promise<boolean | null> {
  const result = await verifySession();
  if (result.success) return result.data?.valid === true;
  // A 401 here has already been through the client's refresh-or-logout path, and still no session.
  if (result.status === 401) return false;
  return null;
}

/**
 * Spec §4: while signed in, the session is checked every 300 s. A refused session ends; an unreachable server
 * does not end it (the next check, or the next real request, will tell).
 */
export function startSessionCheck(onInvalid: () => void): void {
  stopSessionCheck();
  timer = setInterval(() => {
    void confirmSession().then((valid) => {
      if (valid === false && timer !== undefined) onInvalid();
    });
  }, LIMITS.sessionCheckIntervalMs);
}

export function stopSessionCheck(): void {
  if (timer !== undefined) clearInterval(timer);
  timer = undefined;
}
