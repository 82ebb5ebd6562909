import { useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { SESSION_TEXTS } from '@admin-portal/contract/session-texts';
import type { Session } from '@admin-portal/contract/sessions';
import { dateFormats } from '../lib/date-formats.ts';
import { usePreferences } from '../preferences/preferences.ts';
import { RetryAlert } from '../ui/retry-alert.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { useEndSession, useEndSessions, useOwnSessions, useUserSessions } from './sessions-api.ts';

type Target = { kind: 'own' } | { kind: 'user'; userId: string; name: string };

/**
 * The live sessions of the signed-in user (the profile's Security tab) or of a user (the Users page's Sessions dialog),
 * issue 37 item 5: each with its device, address, start and last use, and a button that signs it out; below them one
 * that signs out every other session of yours, or every session of the user. The server decides who may (and answers
 * 404 for a session that ended meanwhile); the list is read again after every change.
 */
export function SessionList({ target }: { target: Target }) {
  const userId = target.kind === 'user' ? target.userId : null;
  const own = useOwnSessions(target.kind === 'own');
  const theirs = useUserSessions(userId ?? '', userId !== null);
  const query = userId === null ? own : theirs;
  const endOne = useEndSession(userId);
  const endAll = useEndSessions(userId);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const prefs = usePreferences().data;
  const format = useMemo(() => dateFormats(prefs, { dateStyle: 'medium', timeStyle: 'short' }), [prefs]);

  if (query.isPending) return <Spinner label="Loading sessions…" size="sm" />;
  if (query.isError) {
    return (
      <RetryAlert className="mb-0" onRetry={() => query.refetch()}>
        Sessions could not be loaded: {query.error.message}
      </RetryAlert>
    );
  }
  const sessions = query.data;
  const others = sessions.filter((s) => !s.current);
  const busy = endOne.isPending || endAll.isPending;
  const report = (ok: boolean, text: string) => setOutcome({ ok, text });

  const signOut = (session: Session) =>
    endOne.mutate(session.id, {
      onSuccess: (res) => report(true, `${session.device}: ${res.message}`),
      onError: (err) => report(false, err.message),
    });
  const signOutAll = () =>
    endAll.mutate(undefined, {
      onSuccess: (res) => report(true, res.message),
      onError: (err) => report(false, err.message),
    });

  return (
    <div>
      {sessions.length === 0 ? (
        <p className="text-body-secondary small mb-2">{target.kind === 'own' ? 'No session is signed in.' : `${target.name} is not signed in anywhere.`}</p>
      ) : (
        <ul className="list-group mb-3" aria-label={target.kind === 'own' ? 'Your sessions' : `Sessions of ${target.name}`}>
          {sessions.map((session) => (
            <li key={session.id} className="list-group-item d-flex align-items-start gap-3" data-testid="session-row">
              <div className="flex-grow-1" style={{ minWidth: 0 }}>
                <div className="fw-semibold text-truncate" title={session.user_agent ?? undefined}>
                  {session.device}
                  {session.current && (
                    <Badge bg="success-subtle" text="success-emphasis" className="ms-2 border border-success-subtle">
                      {SESSION_TEXTS.thisDevice}
                    </Badge>
                  )}
                </div>
                <div className="small text-body-secondary">
                  {session.ip ? `From ${session.ip} · ` : ''}
                  Signed in <time dateTime={session.created_at}>{format.full.format(new Date(session.created_at))}</time> · Last used{' '}
                  <time dateTime={session.last_used_at}>{format.full.format(new Date(session.last_used_at))}</time>
                </div>
              </div>
              {!session.current && (
                <Button variant="outline-secondary" size="sm" className="flex-shrink-0" disabled={busy} onClick={() => signOut(session)}>
                  Sign out<span className="visually-hidden"> {session.device}</span>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="d-flex flex-wrap align-items-center gap-2">
        <Button variant="outline-danger" size="sm" disabled={busy || others.length === 0} onClick={signOutAll}>
          {target.kind === 'own' ? 'Sign out everywhere else' : 'Sign out everywhere'}
        </Button>
        {busy && <Spinner size="sm" label="Signing out…" />}
      </div>
      <div aria-live="polite">
        {outcome && (
          <Alert variant={outcome.ok ? 'success' : 'danger'} className="mt-3 mb-0 py-2 small" onClose={() => setOutcome(null)} dismissible>
            {outcome.text}
          </Alert>
        )}
      </div>
    </div>
  );
}
