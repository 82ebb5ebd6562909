import { notify } from '../../../shared/notifications/notifications-store.ts';
import { TOAST_TITLES } from '../../../shared/notifications/toast-titles.ts';
import { idleSession } from './idle-session.ts';
import { confirmSession } from './session-check.ts';

let pending: Promise<boolean> | null = null;

/**
 * 'Extend Session' (spec §4), from the warning modal's button or a click on the 'Session Expiring' toast: asks the
 * server whether the session is still good. Yes → idle time resets, the warning closes and 'Session Extended'
 * shows. No answer, a false answer or a refusal → `expire` ends the session. While one request runs, another
 * click joins it instead of asking again.
 */
export function extendSession(expire: () => Promise<void>): Promise<boolean> {
  pending ??= askToExtend(expire).finally(() => {
    pending = null;
  });
  return pending;
}

async function askToExtend(expire: () => Promise<void>): Promise<boolean> {
  const valid = await confirmSession();
  const { phase } = idleSession.store.get();
  // The session ended while the server was asked: the countdown ran out (already told), or the client's token
  // refresh was refused and it went to /login (spec §4: that path has no toast).
  if (phase !== 'warning' && phase !== 'active') return false;
  if (valid === true) {
    idleSession.extend();
    notify({ type: 'success', title: TOAST_TITLES.sessionExtended });
    return true;
  }
  await expire();
  return false;
}
