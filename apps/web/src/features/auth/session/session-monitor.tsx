import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { expireSession, signOut } from '../auth-actions.ts';
import { LOGIN_PATH } from '../return-path.ts';
import { extendSession } from './extend-session.ts';
import { useIdleSession } from './idle-session.ts';

// The warning (and react-bootstrap's Modal with it) downloads the first time it shows, not with every page.
const SessionExpiringModal = lazy(async () => ({ default: (await import('./session-expiring-modal.tsx')).SessionExpiringModal }));

/**
 * Shows the idle-timeout warning of spec §4. The timers themselves run from sign-in to sign-out (auth-actions),
 * so this only renders their state and carries out the two buttons. The warning is mounted from its first showing
 * on, so its closing transition runs.
 */
export function SessionMonitor() {
  const { phase, remainingMs } = useIdleSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<'extend' | 'logout' | null>(null);
  const [requested, setRequested] = useState(false);
  if (phase === 'warning' && !requested) setRequested(true);

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

  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <SessionExpiringModal show={phase === 'warning'} remainingMs={remainingMs} busy={busy} onExtend={onExtend} onLogout={onLogout} />
    </Suspense>
  );
}
