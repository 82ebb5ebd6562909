import { useId, useMemo, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { MAX_PASSKEYS, PASSKEY_NAME_MAX, PASSKEY_TEXTS, passkeysSupportedHere } from '@admin-portal/contract/passkey-texts';
import type { Passkey } from '@admin-portal/contract/passkeys';
import { ApiError } from '../../../shared/api/api-result.ts';
import { dateFormats } from '../../../shared/lib/date-formats.ts';
import { ceremonyFailure } from '../../../shared/passkeys/browser-ceremony.ts';
import { usePreferences } from '../../../shared/preferences/preferences.ts';
import { RetryAlert } from '../../../shared/ui/retry-alert.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { CurrentPasswordField } from './current-password-field.tsx';
import { useAddPasskey, usePasskeys, useRemovePasskey } from '../api/passkeys.ts';

type Outcome = { ok: boolean; text: string } | null;

/**
 * The profile's passkeys (issue 37 item 2): each with its name, when it was added and last used, and whether its
 * provider syncs it between devices; add one (a name and your password, then the browser asks for the passkey) or
 * remove one. A passkey signs in instead of the password and the code.
 */
export function PasskeysPanel({ email }: { email: string }) {
  const id = useId();
  const list = usePasskeys();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ name?: string; password?: string }>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const prefs = usePreferences().data;
  const format = useMemo(() => dateFormats(prefs, { dateStyle: 'medium', timeStyle: 'short' }), [prefs]);
  const supported = passkeysSupportedHere();

  async function onAdd(event: FormEvent) {
    event.preventDefault();
    if (add.isPending) return;
    const problems = { name: name.trim() ? undefined : PASSKEY_TEXTS.nameRequired, password: password ? undefined : 'Enter your current password' };
    setErrors(problems);
    if (problems.name || problems.password) return;
    setOutcome(null);
    try {
      const res = await add.mutateAsync({ password, name: name.trim() });
      setAdding(false);
      setOutcome({ ok: true, text: res.message });
    } catch (err) {
      if (err instanceof ApiError) {
        const on = (field: string) => err.validationErrors.find((e) => e.field === field)?.message;
        if (on('password') || on('name')) return setErrors({ password: on('password'), name: on('name') });
        return setOutcome({ ok: false, text: err.message });
      }
      setOutcome({ ok: false, text: ceremonyFailure(err) });
    }
  }

  const confirmRemove = (passkey: Passkey) =>
    remove.mutate(passkey.id, {
      onSuccess: (res) => setOutcome({ ok: true, text: `${passkey.name}: ${res.message}` }),
      onError: (err) => setOutcome({ ok: false, text: err.message }),
      onSettled: () => setRemoving(null),
    });

  if (list.isPending) return <Spinner size="sm" label="Loading passkeys…" />;
  if (list.isError) {
    return (
      <RetryAlert className="mb-0" onRetry={() => list.refetch()}>
        Passkeys could not be loaded: {list.error.message}
      </RetryAlert>
    );
  }
  const passkeys = list.data;

  return (
    <div>
      {outcome && (
        <Alert variant={outcome.ok ? 'success' : 'danger'} className="small" onClose={() => setOutcome(null)} dismissible>
          {outcome.text}
        </Alert>
      )}
      {passkeys.length === 0 ? (
        <p className="small text-body-secondary mb-2">
          No passkeys yet. A passkey signs you in with your device's screen lock or a security key, instead of your password and code.
        </p>
      ) : (
        <ul className="list-unstyled mb-3" aria-label="Passkeys">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="d-flex flex-wrap align-items-center gap-2 border rounded px-3 py-2 mb-2">
              <div className="flex-grow-1">
                <div className="fw-semibold">
                  {passkey.name}
                  {passkey.synced && (
                    <Badge bg="secondary" className="ms-2 fw-normal">
                      Synced
                    </Badge>
                  )}
                </div>
                <div className="small text-body-secondary">
                  Added <time dateTime={passkey.created_at}>{format.full.format(new Date(passkey.created_at))}</time> ·{' '}
                  {passkey.last_used_at ? (
                    <>
                      Last used <time dateTime={passkey.last_used_at}>{format.full.format(new Date(passkey.last_used_at))}</time>
                    </>
                  ) : (
                    'Not used to sign in yet'
                  )}
                </div>
              </div>
              {removing?.id === passkey.id ? (
                <div className="d-flex align-items-center gap-2">
                  <span className="small">Remove this passkey?</span>
                  <Button size="sm" variant="danger" disabled={remove.isPending} onClick={() => confirmRemove(passkey)}>
                    Remove
                  </Button>
                  <Button size="sm" variant="outline-secondary" onClick={() => setRemoving(null)}>
                    Keep
                  </Button>
                </div>
              ) : (
                <Button size="sm" variant="outline-danger" aria-label={`Remove ${passkey.name}`} onClick={() => setRemoving(passkey)}>
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {!supported ? (
        <p className="small text-body-secondary mb-0">{PASSKEY_TEXTS.unsupported}</p>
      ) : adding ? (
        <Form onSubmit={(e) => void onAdd(e)} noValidate aria-busy={add.isPending}>
          <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
          <Form.Group controlId={`${id}-name`} className="mb-3">
            <Form.Label>Passkey name</Form.Label>
            <Form.Control
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={PASSKEY_NAME_MAX}
              placeholder="e.g. Work laptop"
              autoFocus
              isInvalid={!!errors.name}
              aria-describedby={errors.name ? `${id}-name-error` : undefined}
            />
            <Form.Control.Feedback id={`${id}-name-error`} type="invalid">
              {errors.name}
            </Form.Control.Feedback>
          </Form.Group>
          <CurrentPasswordField id={`${id}-password`} value={password} onChange={setPassword} error={errors.password} />
          <div className="d-flex gap-2">
            <Button type="submit" size="sm" disabled={add.isPending}>
              {add.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
              Continue
            </Button>
            <Button variant="outline-secondary" size="sm" onClick={() => setAdding(false)}>
              Cancel
            </Button>
          </div>
        </Form>
      ) : (
        <Button
          size="sm"
          disabled={passkeys.length >= MAX_PASSKEYS}
          onClick={() => {
            setAdding(true);
            setName('');
            setPassword('');
            setErrors({});
            setOutcome(null);
          }}
        >
          Add a passkey
        </Button>
      )}
    </div>
  );
}
