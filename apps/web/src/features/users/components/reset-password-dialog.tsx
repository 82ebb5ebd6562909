import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { newPasswordHint, SERVER_MESSAGES } from '@admin-portal/contract/messages';
import { useBranding } from '../../../shared/branding/use-branding.ts';
import type { UserListItem } from '@admin-portal/contract/users';
import { maxLengthOf } from '@admin-portal/contract/input-rules';
import { passwordSchema } from '@admin-portal/contract/common';
import { ApiError } from '../../../shared/api/api-result.ts';
import { fieldErrorMap, withoutError } from '../../../shared/forms/field-errors.ts';
import { displayName } from '../../../shared/lib/display-name.ts';
import { notify } from '../../../shared/notifications/notifications-store.ts';
import { TOAST_TITLES } from '../../../shared/notifications/toast-titles.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { checkResetPassword, type FieldErrors, type ResetPasswordInput } from '../lib/validation.ts';
import { focusFirstField, TextField } from './form-field.tsx';

interface Props {
  show: boolean;
  user: UserListItem;
  onClose: () => void;
}

/** Sets a new password for someone (spec §5's rules and texts); their sessions end and any lockout is lifted. */
export function ResetPasswordDialog({ show, user, onClose }: Props) {
  const reset = useResetPassword();
  const [values, setValues] = useState<ResetPasswordInput>({ new_password: '', confirm_password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const minLength = useBranding(true).password_min_length;

  const change = (key: keyof ResetPasswordInput, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => withoutError(e, key));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (reset.isPending) return;
    setFailure(null);
    const checked = checkResetPassword(values);
    if (!checked.ok) return setErrors(checked.errors);
    try {
      await reset.mutateAsync({ id: user.id, newPassword: checked.value.new_password });
      notify({ type: 'success', title: TOAST_TITLES.passwordReset, message: `${displayName(user)}: ${SERVER_MESSAGES.passwordReset}` });
      onClose();
    } catch (err) {
      const fields = err instanceof ApiError ? fieldErrorMap(err.validationErrors) : {};
      setErrors(fields);
      if (!fields.new_password) setFailure(err instanceof Error ? err.message : String(err));
    }
  }

  const titleId = 'reset-password-title';
  return (
    <Modal show={show} onHide={onClose} onEntered={focusFirstField} aria-labelledby={titleId} centered>
      <Form noValidate onSubmit={(e) => void onSubmit(e)}>
        <Modal.Header closeButton>
          <Modal.Title id={titleId} as="h2" className="h5">
            Reset password
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="text-body-secondary">
            Choose a new password for <strong className="text-body">{displayName(user)}</strong> ({user.email}). They are signed out everywhere and any lockout
            ends.
          </p>
          {failure && (
            <Alert variant="danger" dismissible onClose={() => setFailure(null)}>
              {failure}
            </Alert>
          )}
          <TextField
            id="reset-new-password"
            label="New password"
            type="password"
            value={values.new_password}
            onChange={(v) => change('new_password', v)}
            error={errors.new_password}
            hint={newPasswordHint(minLength)}
            autoComplete="new-password"
            autoFocus
            maxLength={maxLengthOf(passwordSchema)}
          />
          <TextField
            id="reset-confirm-password"
            label="Confirm new password"
            type="password"
            value={values.confirm_password}
            onChange={(v) => change('confirm_password', v)}
            error={errors.confirm_password}
            autoComplete="new-password"
            maxLength={maxLengthOf(passwordSchema)}
          />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={reset.isPending}>
            {reset.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            Reset password
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
