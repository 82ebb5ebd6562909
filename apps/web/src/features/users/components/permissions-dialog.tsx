import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Modal from 'react-bootstrap/Modal';
import Placeholder from 'react-bootstrap/Placeholder';
import { MESSAGES } from '@admin-portal/contract/messages';
import type { Permission } from '@admin-portal/contract/permissions';
import { roleLabel } from '@admin-portal/contract/role-names';
import type { UserListItem } from '@admin-portal/contract/users';
import { displayName } from '../../../shared/lib/display-name.ts';
import { formatPermission } from '../../../shared/lib/format-permission.ts';
import { notify } from '../../../shared/notifications/notifications-store.ts';
import { TOAST_TITLES } from '../../../shared/notifications/toast-titles.ts';
import { useUserPermissions } from '../api/get-user-permissions.ts';
import { useGrantPermission } from '../api/grant-permission.ts';
import { useRevokePermission } from '../api/revoke-permission.ts';
import { grantablePermissions, type Actor } from '../lib/access.ts';

interface Props {
  show: boolean;
  user: UserListItem;
  actor: Actor;
  onClose: () => void;
}

/**
 * A user's permissions: the role's defaults (read-only), the extras an administrator granted (removable), a
 * picker for granting any permission the actor holds, and the effective list that results.
 */
export function PermissionsDialog({ show, user, actor, onClose }: Props) {
  const { data, isPending, isError, error } = useUserPermissions(user.id);
  const grant = useGrantPermission(user.id);
  const revoke = useRevokePermission(user.id);
  const [choice, setChoice] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const busy = grant.isPending || revoke.isPending;

  const extras = data?.extra_permissions ?? [];
  const fromRole = new Set(data?.role_permissions ?? []);
  const effective = new Set(data?.permissions ?? []);
  // Worth granting: what the actor holds and the user does not already have as an extra.
  const offered = grantablePermissions(actor).filter((p) => !extras.includes(p));

  async function onGrant(event: FormEvent) {
    event.preventDefault();
    if (!choice || busy) return;
    setFailure(null);
    try {
      await grant.mutateAsync(choice as Permission);
      notify({ type: 'success', title: TOAST_TITLES.permissionGranted, message: `${formatPermission(choice)} granted to ${displayName(user)}.` });
      setChoice('');
    } catch (err) {
      setFailure(err instanceof Error ? err.message : String(err));
    }
  }

  async function onRevoke(permission: string) {
    if (busy) return;
    setFailure(null);
    try {
      await revoke.mutateAsync(permission);
      notify({ type: 'success', title: TOAST_TITLES.permissionRemoved, message: `${formatPermission(permission)} removed from ${displayName(user)}.` });
    } catch (err) {
      setFailure(err instanceof Error ? err.message : String(err));
    }
  }

  const titleId = 'permissions-title';
  return (
    <Modal show={show} onHide={onClose} aria-labelledby={titleId} centered size="lg" scrollable>
      <Modal.Header closeButton>
        <Modal.Title id={titleId} as="h2" className="h5">
          Permissions of {displayName(user)}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {failure && (
          <Alert variant="danger" dismissible onClose={() => setFailure(null)}>
            {failure}
          </Alert>
        )}
        {isError && <Alert variant="danger">{error.message || MESSAGES.permissionsFetchFailed}</Alert>}
        {isPending && (
          <Placeholder as="div" animation="glow" aria-hidden="true">
            <Placeholder xs={6} /> <Placeholder xs={4} /> <Placeholder xs={8} />
          </Placeholder>
        )}
        {data && (
          <>
            <section aria-labelledby="permissions-role" className="mb-4">
              <h3 id="permissions-role" className="h6 mb-1">
                From role <span className="text-body-secondary fw-normal">· {roleLabel(user.role)}</span>
              </h3>
              <p className="small text-body-secondary mb-2">Every {roleLabel(user.role)} has these. Change the role to change them.</p>
              {data.role_permissions.length === 0 ? (
                <p className="mb-0">{MESSAGES.noPermissions}</p>
              ) : (
                <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0" aria-label="Permissions from the role">
                  {data.role_permissions.map((p) => (
                    <li key={p} className="permission-chip" title={p}>
                      {formatPermission(p)}
                      <span className="badge text-bg-secondary">From role</span>
                    </li>
                  ))}
                </ul>
              )}
            </section>

            <section aria-labelledby="permissions-extra" className="mb-4">
              <h3 id="permissions-extra" className="h6 mb-1">
                Granted extras
              </h3>
              <p className="small text-body-secondary mb-2">Granted to this user on top of the role.</p>
              {extras.length === 0 ? (
                <p className="mb-0 text-body-secondary">No extra permissions granted.</p>
              ) : (
                <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0" aria-label="Granted extra permissions">
                  {extras.map((p) => (
                    <li key={p} className="permission-chip granted" title={p}>
                      {formatPermission(p)}
                      {fromRole.has(p) && <span className="visually-hidden">(also from role)</span>}
                      <button
                        type="button"
                        className="btn-close"
                        aria-label={`Remove ${formatPermission(p)}`}
                        onClick={() => void onRevoke(p)}
                        disabled={busy}
                      />
                    </li>
                  ))}
                </ul>
              )}
            </section>

            <Form onSubmit={(e) => void onGrant(e)} className="mb-4" aria-labelledby="permissions-grant">
              <h3 id="permissions-grant" className="h6 mb-2">
                Grant a permission
              </h3>
              <InputGroup>
                <Form.Select aria-label="Permission to grant" value={choice} onChange={(e) => setChoice(e.target.value)} disabled={offered.length === 0}>
                  <option value="">{offered.length === 0 ? 'Nothing left that you can grant' : 'Choose a permission…'}</option>
                  {offered.map((p) => (
                    <option key={p} value={p}>
                      {formatPermission(p)}
                      {effective.has(p) ? ' (already effective)' : ''}
                    </option>
                  ))}
                </Form.Select>
                <Button type="submit" variant="primary" disabled={!choice || busy}>
                  {grant.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
                  Grant
                </Button>
              </InputGroup>
              <Form.Text>You can grant only permissions you hold yourself.</Form.Text>
            </Form>

            <section aria-labelledby="permissions-effective">
              <h3 id="permissions-effective" className="h6 mb-2">
                Effective permissions <span className="badge text-bg-secondary rounded-pill ms-1">{data.permissions.length}</span>
              </h3>
              {data.permissions.length === 0 ? (
                <p className="mb-0">{MESSAGES.noPermissions}</p>
              ) : (
                <ul className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 g-1 list-unstyled small mb-0" aria-label="Effective permissions">
                  {data.permissions.map((p) => (
                    <li key={p} className="col">
                      <span className="d-flex justify-content-between gap-2 border rounded px-2 py-1">
                        <span>{formatPermission(p)}</span>
                        <code className="text-body-secondary">{p}</code>
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose}>
          Done
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
