import { TOASTS } from '@admin-portal/contract/messages';
import { notify } from '../../../shared/notifications/notifications-store.ts';
import { expireSession } from '../auth-actions.ts';
import { idleSession } from './idle-session.ts';
import { confirmSession } from './session-check.ts';

/**
 * 'Extend Session' (spec §4): asks the server whether the session is still good. Yes → idle time resets, the
 * warning closes and 'Session Extended' shows. No answer, a false answer or a refusal → the session expires.
 */
export async function extendSession(): Promise<boolean> {
  const valid = await confirmSession();
  const { phase } = idleSession.store.get();
  // The session ended while the server was asked: the countdown ran out (already told), or the client's token
  // refresh was refused and it went to /login (spec §4: that path has no toast).
  if (phase !== 'warning' && phase !== 'active') return false;
  if (valid === true) {
    idleSession.extend();
    notify({ type: 'success', title: TOASTS.sessionExtended.title });
    return true;
  }
  await expireSession();
  return false;
}
