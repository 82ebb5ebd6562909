import { useId, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { MESSAGES, newPasswordHint, TOASTS } from '@admin-portal/contract/messages';
import { notify } from '../../../shared/notifications/notifications-store.ts';
import { TOAST_TITLES } from '../../../shared/notifications/toast-titles.ts';
import { changePassword } from '../api/change-password.ts';
import { failureMessage, fieldErrorsFrom, hasErrors } from '../../../shared/forms/form-validation.ts';
import { useBranding } from '../../../shared/branding/use-branding.ts';
import { PASSWORD_FIELDS, validatePassword, type PasswordField } from '../profile-validation.ts';
import { FormField } from '../../../shared/forms/form-field.tsx';
import { useFieldForm } from '../../../shared/forms/use-field-form.ts';

const EMPTY: Record<PasswordField, string> = { old_password: '', new_password: '', confirm_password: '' };

interface PasswordFormProps {
  /** For password managers: the account whose password changes. */
  email: string;
  onChanged: () => void;
  onCancel: () => void;
}

/** 'Security' tab: current, new and confirmed password (spec §2, §5). */
export function PasswordForm({ email, onChanged, onCancel }: PasswordFormProps) {
  const id = useId();
  const form = useFieldForm<PasswordField>(EMPTY);
  const { values, errors } = form;
  // The product's minimum length (System Configuration's product settings), which the server applies too.
  const minLength = useBranding(true).password_min_length;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (form.submitting) return;
    const invalid = validatePassword(values, minLength);
    if (hasErrors(invalid)) return form.refuse(invalid);
    form.setAlert(null);
    form.setSubmitting(true);
    const result = await changePassword({ old_password: values.old_password, new_password: values.new_password });
    form.setSubmitting(false);
    if (!result.success) {
      // A wrong current password (or a refused new one) is said on its field, once; anything else above the form.
      const underFields = fieldErrorsFrom(result.validation_errors, PASSWORD_FIELDS);
      form.setAlert(hasErrors(underFields) ? null : failureMessage(result, MESSAGES.passwordChangeFailedThrown));
      form.refuse(underFields);
      return;
    }
    notify({ type: 'success', title: TOAST_TITLES.passwordChanged, message: TOASTS.passwordChanged.message });
    form.reset();
    onChanged();
  }

  return (
    <form ref={form.formRef} onSubmit={onSubmit} noValidate aria-busy={form.submitting} aria-label="Change password">
      {form.alert && (
        <Alert variant="danger" dismissible onClose={() => form.setAlert(null)}>
          {form.alert}
        </Alert>
      )}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <FormField
        id={`${id}-current`}
        label="Current password"
        name="old_password"
        type="password"
        value={values.old_password}
        error={errors.old_password}
        autoComplete="current-password"
        onChange={form.change('old_password')}
      />
      <FormField
        id={`${id}-new`}
        label="New password"
        name="new_password"
        type="password"
        value={values.new_password}
        error={errors.new_password}
        autoComplete="new-password"
        hint={newPasswordHint(minLength)}
        onChange={form.change('new_password')}
      />
      <FormField
        id={`${id}-confirm`}
        label="Confirm new password"
        name="confirm_password"
        type="password"
        value={values.confirm_password}
        error={errors.confirm_password}
        autoComplete="new-password"
        onChange={form.change('confirm_password')}
      />
      <div className="d-flex justify-content-end gap-2 pt-2">
        <Button variant="outline-secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={form.submitting}>
          {form.submitting && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          Change Password
        </Button>
      </div>
    </form>
  );
}
