import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Row from 'react-bootstrap/Row';
import { MESSAGES, newPasswordHint, SERVER_MESSAGES } from '@admin-portal/contract/messages';
import { useBranding } from '../../../shared/branding/use-branding.ts';
import { roleLabel } from '@admin-portal/contract/role-names';
import type { Role } from '@admin-portal/contract/roles';
import type { UpdateUser, User, UserListItem } from '@admin-portal/contract/users';
import { maxLengthOf } from '@admin-portal/contract/input-rules';
import { createUserSchema } from '@admin-portal/contract/users';
import { passwordSchema } from '@admin-portal/contract/common';
import { ApiError } from '../../../shared/api/api-result.ts';
import { fieldErrorMap, withoutError } from '../../../shared/forms/field-errors.ts';
import { displayName } from '../../../shared/lib/display-name.ts';
import { notify } from '../../../shared/notifications/notifications-store.ts';
import { TOAST_TITLES } from '../../../shared/notifications/toast-titles.ts';
import { useCreateUser } from '../api/create-user.ts';
import { useOrganizationOptions } from '../api/get-organization-options.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { assignableRoles, isSuperAdmin, rowAbilities } from '../lib/access.ts';
import { changedFields, checkCreateUser, checkUpdateUser, type FieldErrors } from '../lib/validation.ts';
import { focusFirstField, SelectField, TextField } from './form-field.tsx';

interface Props {
  show: boolean;
  /** null: create a new user. */
  user: UserListItem | null;
  actor: User;
  /** The organization the pages work in (a super admin's choice); a new user goes there unless another is picked. */
  currentOrganizationId: string | null;
  onClose: () => void;
}

interface Values {
  email: string;
  first_name: string;
  last_name: string;
  password: string;
  role: Role;
  organization_id: string;
  is_active: boolean;
}

const FIELDS = ['email', 'first_name', 'last_name', 'password', 'role', 'organization_id', 'is_active'] as const;

/** Create or edit a user. The contract's schema checks the form first; the server's field errors land on their fields. */
export function UserFormDialog({ show, user, actor, currentOrganizationId, onClose }: Props) {
  const create = useCreateUser();
  const update = useUpdateUser();
  const superAdmin = isSuperAdmin(actor);
  const organizations = useOrganizationOptions(superAdmin);
  const roles = assignableRoles(actor);
  const abilities = user ? rowAbilities(actor, user) : null;
  const editing = user !== null;

  // Mounted afresh for each opening (the page keys it), so the form starts from the user's values.
  const [values, setValues] = useState<Values>(() => ({
    email: user?.email ?? '',
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    password: '',
    role: user?.role ?? (roles.includes('viewer') ? 'viewer' : (roles[0] ?? 'viewer')),
    organization_id: user?.organization_id ?? currentOrganizationId ?? actor.organization_id,
    is_active: user?.is_active ?? true,
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const minLength = useBranding(true).password_min_length;
  const pending = create.isPending || update.isPending;

  const change = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => withoutError(e, key));
  };

  // The user's current role stays visible even when the actor could not give it.
  const roleOptions = (user && !roles.includes(user.role) ? [user.role, ...roles] : roles).map((r) => ({ value: r, label: roleLabel(r) }));
  const organizationOptions = (organizations.data ?? []).map((o) => ({ value: o.id, label: o.is_active ? o.name : `${o.name} (inactive)` }));
  if (superAdmin && !organizationOptions.some((o) => o.value === values.organization_id)) {
    organizationOptions.unshift({ value: values.organization_id, label: user?.organization_name ?? 'Current organization' });
  }

  function showServerFailure(err: unknown) {
    const fields = err instanceof ApiError ? fieldErrorMap(err.validationErrors) : {};
    setErrors(fields);
    if (!Object.keys(fields).some((f) => (FIELDS as readonly string[]).includes(f))) setFailure(err instanceof Error ? err.message : String(err));
  }

  /** Each returns whether it saved (false: the form showed what to fix). */
  async function onCreate(): Promise<boolean> {
    const checked = checkCreateUser({
      email: values.email,
      password: values.password,
      first_name: values.first_name,
      last_name: values.last_name,
      role: values.role,
      is_active: values.is_active,
      ...(superAdmin ? { organization_id: values.organization_id } : {}),
    });
    if (!checked.ok) {
      setErrors(checked.errors);
      return false;
    }
    const created = await create.mutateAsync(checked.value);
    notify({ type: 'success', title: TOAST_TITLES.userCreated, message: created.message || MESSAGES.userCreated });
    return true;
  }

  async function onUpdate(before: UserListItem): Promise<boolean> {
    const checked = checkUpdateUser({
      email: values.email,
      first_name: values.first_name,
      last_name: values.last_name,
      role: values.role,
      is_active: values.is_active,
      ...(superAdmin ? { organization_id: values.organization_id } : {}),
    });
    if (!checked.ok) {
      setErrors(checked.errors);
      return false;
    }
    const changes: UpdateUser = changedFields<UpdateUser>(before, checked.value);
    if (Object.keys(changes).length > 0) {
      const saved = await update.mutateAsync({ id: before.id, input: changes });
      notify({ type: 'success', title: TOAST_TITLES.userUpdated, message: `${displayName(saved)}: ${SERVER_MESSAGES.userUpdated}` });
    }
    return true;
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    setFailure(null);
    try {
      if (await (user ? onUpdate(user) : onCreate())) onClose();
    } catch (err) {
      showServerFailure(err);
    }
  }

  const titleId = 'user-form-title';
  return (
    <Modal show={show} onHide={onClose} onEntered={focusFirstField} aria-labelledby={titleId} centered size="lg">
      <Form noValidate onSubmit={(e) => void onSubmit(e)}>
        <Modal.Header closeButton>
          <Modal.Title id={titleId} as="h2" className="h5">
            {user ? `Edit ${displayName(user)}` : 'New user'}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {failure && (
            <Alert variant="danger" dismissible onClose={() => setFailure(null)}>
              {failure}
            </Alert>
          )}
          <Row>
            <Col md={6}>
              <TextField
                id="user-first-name"
                label="First name"
                value={values.first_name}
                onChange={(v) => change('first_name', v)}
                error={errors.first_name}
                autoComplete="off"
                autoFocus
                maxLength={maxLengthOf(createUserSchema.shape.first_name)}
              />
            </Col>
            <Col md={6}>
              <TextField
                id="user-last-name"
                label="Last name"
                value={values.last_name}
                onChange={(v) => change('last_name', v)}
                error={errors.last_name}
                autoComplete="off"
                maxLength={maxLengthOf(createUserSchema.shape.last_name)}
              />
            </Col>
          </Row>
          <TextField
            id="user-email"
            label="Email"
            type="email"
            value={values.email}
            onChange={(v) => change('email', v)}
            error={errors.email}
            autoComplete="off"
            maxLength={maxLengthOf(createUserSchema.shape.email)}
          />
          {!editing && (
            <TextField
              id="user-password"
              label="Password"
              type="password"
              value={values.password}
              onChange={(v) => change('password', v)}
              error={errors.password}
              hint={`${newPasswordHint(minLength)} Share it with the user through a safe channel.`}
              autoComplete="new-password"
              maxLength={maxLengthOf(passwordSchema)}
            />
          )}
          <Row>
            <Col md={superAdmin ? 6 : 12}>
              <SelectField
                id="user-role"
                label="Role"
                value={values.role}
                onChange={(v) => change('role', v as Role)}
                options={roleOptions}
                error={errors.role}
                disabled={abilities !== null && !abilities.changeRole}
                hint={
                  abilities !== null && !abilities.changeRole
                    ? 'You cannot change your own role.'
                    : 'Only roles whose permissions you hold yourself are offered.'
                }
              />
            </Col>
            {superAdmin && (
              <Col md={6}>
                <SelectField
                  id="user-organization"
                  label="Organization"
                  value={values.organization_id}
                  onChange={(v) => change('organization_id', v)}
                  options={organizationOptions}
                  error={errors.organization_id}
                  hint={editing ? 'Moving a user signs them out.' : undefined}
                />
              </Col>
            )}
          </Row>
          <Form.Check
            type="switch"
            id="user-active"
            label="Active (can sign in)"
            checked={values.is_active}
            onChange={(e) => change('is_active', e.target.checked)}
            disabled={abilities !== null && !abilities.deactivate}
            isInvalid={!!errors.is_active}
            feedback={errors.is_active}
            feedbackType="invalid"
          />
          {abilities !== null && !abilities.deactivate && <Form.Text>You cannot deactivate your own account.</Form.Text>}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={pending}>
            {pending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            {editing ? 'Save changes' : 'Create user'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
