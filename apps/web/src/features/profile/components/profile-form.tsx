import { useId, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { profileSchema } from '@admin-portal/contract/auth';
import { MESSAGES, TOASTS } from '@admin-portal/contract/messages';
import type { User } from '@admin-portal/contract/users';
import { notify } from '../../../shared/notifications/notifications-store.ts';
import { TOAST_TITLES } from '../../../shared/notifications/toast-titles.ts';
import { updateProfile } from '../api/update-profile.ts';
import { failureMessage, fieldErrorsFrom, hasErrors } from '../../../shared/forms/form-validation.ts';
import { changesEmail, PROFILE_FIELDS, validateProfile, type ProfileField } from '../profile-validation.ts';
import { FormField } from '../../../shared/forms/form-field.tsx';
import { useFieldForm } from '../../../shared/forms/use-field-form.ts';

interface ProfileFormProps {
  user: User;
  onSaved: (user: User) => void;
  onCancel: () => void;
}

/** 'Profile Information' tab: first name, last name and email (spec §2, §5). */
export function ProfileForm({ user, onSaved, onCancel }: ProfileFormProps) {
  const id = useId();
  const form = useFieldForm<ProfileField>({ first_name: user.first_name, last_name: user.last_name, email: user.email, current_password: '' });
  const { values, errors } = form;
  const emailChanges = changesEmail(values, user.email);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (form.submitting) return;
    const invalid = validateProfile(values, user.email);
    if (hasErrors(invalid)) return form.refuse(invalid);
    form.setAlert(null);
    form.setSubmitting(true);
    const { current_password, ...profile } = values;
    const result = await updateProfile(profileSchema.parse(emailChanges ? { ...profile, current_password } : profile));
    form.setSubmitting(false);
    if (!result.success) {
      form.setAlert(failureMessage(result, MESSAGES.profileUpdateFailedThrown));
      form.refuse(fieldErrorsFrom(result.validation_errors, PROFILE_FIELDS));
      return;
    }
    notify({ type: 'success', title: TOAST_TITLES.profileUpdated, message: TOASTS.profileUpdated.message });
    onSaved({ ...user, ...result.data.user });
  }

  return (
    <form ref={form.formRef} onSubmit={onSubmit} noValidate aria-busy={form.submitting} aria-label="Profile information">
      {form.alert && (
        <Alert variant="danger" dismissible onClose={() => form.setAlert(null)}>
          {form.alert}
        </Alert>
      )}
      <div className="row g-sm-3">
        <div className="col-sm-6">
          <FormField
            id={`${id}-first`}
            label="First name"
            name="first_name"
            value={values.first_name}
            error={errors.first_name}
            autoComplete="given-name"
            autoFocus
            onChange={form.change('first_name')}
          />
        </div>
        <div className="col-sm-6">
          <FormField
            id={`${id}-last`}
            label="Last name"
            name="last_name"
            value={values.last_name}
            error={errors.last_name}
            autoComplete="family-name"
            onChange={form.change('last_name')}
          />
        </div>
      </div>
      <FormField
        id={`${id}-email`}
        label="Email"
        name="email"
        type="email"
        value={values.email}
        error={errors.email}
        autoComplete="email"
        onChange={form.change('email')}
      />
      {emailChanges && (
        <FormField
          id={`${id}-current-password`}
          label="Current password"
          name="current_password"
          type="password"
          value={values.current_password}
          error={errors.current_password}
          autoComplete="current-password"
          hint="You sign in with your email, so changing it asks for your password."
          onChange={form.change('current_password')}
        />
      )}
      <div className="d-flex justify-content-end gap-2 pt-2">
        <Button variant="outline-secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={form.submitting}>
          {form.submitting && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          Save Changes
        </Button>
      </div>
    </form>
  );
}
