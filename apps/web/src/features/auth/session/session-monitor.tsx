import { useState } from 'react';
import { useNavigate } from 'react-router';
import { expireSession, signOut } from '../auth-actions.ts';
import { LOGIN_PATH } from '../return-path.ts';
import { extendSession } from './extend-session.ts';
import { useIdleSession } from './idle-session.ts';
import { SessionExpiringModal } from './session-expiring-modal.tsx';

/**
 * Shows the idle-timeout warning of spec §4. The timers themselves run from sign-in to sign-out (auth-actions),
 * so this only renders their state and carries out the two buttons.
 */
export function SessionMonitor() {
  const { phase, remainingMs } = useIdleSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<'extend' | 'logout' | null>(null);

  async function onExtend() {
    setBusy('extend');
    try {
      await extendSession(expireSession);
    } finally {
      setBusy(null);
    }
  }

  async function onLogout() {
    setBusy('logout');
    try {
      await signOut();
    } finally {
      setBusy(null);
    }
    navigate(LOGIN_PATH, { replace: true });
  }

  return <SessionExpiringModal show={phase === 'warning'} remainingMs={remainingMs} busy={busy} onExtend={onExtend} onLogout={onLogout} />;
}
