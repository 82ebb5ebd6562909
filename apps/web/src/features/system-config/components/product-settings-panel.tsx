import { Fragment, useState, type FormEvent, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { RoleName } from '@admin-portal/contract/role-names';
import { RoleChecklist } from '../../../shared/ui/role-checklist.tsx';
import { MEGABYTE, SYSTEM_SETTING_INFO } from '@admin-portal/contract/system/setting-info';
import type { SystemSettings, SystemSettingKey } from '@admin-portal/contract/system/settings';
import { ApiError } from '../../../shared/api/api-result.ts';
import { fieldErrorMap } from '../../../shared/forms/field-errors.ts';
import { notify } from '../../../shared/notifications/notifications-store.ts';
import { TOAST_TITLES } from '../../../shared/notifications/toast-titles.ts';
import { Panel } from '../../../shared/ui/panel.tsx';
import { RetryAlert } from '../../../shared/ui/retry-alert.tsx';
import { useSaveSystemSettings, useSystemSettings } from '../api/system-config-api.ts';

/**
 * The contract's schema checks the form as the server will; it (and zod) downloads when the form is first changed, not
 * with the page.
 */
const loadSettingsSchema = async () => (await import('@admin-portal/contract/system/settings')).systemSettingsSchema;

const NUMBER_KEYS: Exclude<SystemSettingKey, 'two_factor_required_roles'>[] = [
  'password_min_length',
  'lockout_threshold',
  'lockout_minutes',
  'session_idle_minutes',
  'session_max_hours',
  'login_rate_limit_per_minute',
  'application_retention_days',
  'audit_retention_days',
];

/** The product-wide settings: a super administrator changes them here; other administrators read them. */
export function ProductSettingsPanel({ canEdit }: { canEdit: boolean }) {
  const query = useSystemSettings();
  return (
    <Panel
      id="product-settings-title"
      title="Product settings"
      subtitle={canEdit ? 'For every organization. Each change is audited.' : 'For every organization. Only a super administrator can change them.'}
    >
      {query.isError ? (
        <RetryAlert className="mb-0" onRetry={query.refetch} retryLabel="Try again">
          {query.error.message}
        </RetryAlert>
      ) : query.data ? (
        <SettingsForm key={query.data.updated_at ?? 'defaults'} settings={query.data.settings} unavailable={query.data.unavailable} canEdit={canEdit} />
      ) : (
        <p className="text-body-secondary mb-0">Loading…</p>
      )}
    </Panel>
  );
}

type Draft = Record<Exclude<SystemSettingKey, 'two_factor_required_roles'>, string | boolean> & { two_factor_required_roles: RoleName[] };

function toDraft(s: SystemSettings): Draft {
  return {
    product_name: s.product_name,
    password_min_length: String(s.password_min_length),
    lockout_threshold: String(s.lockout_threshold),
    lockout_minutes: String(s.lockout_minutes),
    session_idle_minutes: String(s.session_idle_minutes),
    session_max_hours: String(s.session_max_hours),
    login_rate_limit_per_minute: String(s.login_rate_limit_per_minute),
    upload_limit_bytes: String(Number((s.upload_limit_bytes / MEGABYTE).toFixed(3))),
    application_retention_days: String(s.application_retention_days),
    audit_retention_days: String(s.audit_retention_days),
    self_registration_enabled: s.self_registration_enabled,
    two_factor_required_roles: [...s.two_factor_required_roles],
  };
}

function fromDraft(d: Draft): Record<string, unknown> {
  const out: Record<string, unknown> = {
    product_name: String(d.product_name).trim(),
    self_registration_enabled: d.self_registration_enabled,
    two_factor_required_roles: d.two_factor_required_roles,
  };
  for (const key of NUMBER_KEYS) out[key] = d[key] === '' ? Number.NaN : Number(d[key]);
  out.upload_limit_bytes = Math.round(Number(d.upload_limit_bytes) * MEGABYTE);
  return out;
}

function SettingsForm({ settings, unavailable, canEdit }: { settings: SystemSettings; unavailable: Record<string, string>; canEdit: boolean }) {
  const save = useSaveSystemSettings();
  const [draft, setDraft] = useState<Draft>(() => toDraft(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = (key: Exclude<SystemSettingKey, 'two_factor_required_roles'>, value: string | boolean) => {
    loadSettingsSchema().catch(() => undefined); // early, so saving need not wait for it
    setDraft((d) => ({ ...d, [key]: value }));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    let schema: Awaited<ReturnType<typeof loadSettingsSchema>>;
    try {
      schema = await loadSettingsSchema();
    } catch (err) {
      setFailure(err instanceof Error ? err.message : String(err));
      return;
    }
    const parsed = schema.safeParse(fromDraft(draft));
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setFailure(null);
    const changed = Object.fromEntries(Object.entries(parsed.data).filter(([k, v]) => JSON.stringify(settings[k as SystemSettingKey]) !== JSON.stringify(v)));
    if (Object.keys(changed).length === 0) {
      notify({ type: 'info', title: TOAST_TITLES.nothingToSave, message: 'The settings are unchanged.' });
      return;
    }
    try {
      await save.mutateAsync(changed);
      notify({ type: 'success', title: TOAST_TITLES.settingsSaved, message: `${Object.keys(changed).length} setting(s) changed.` });
    } catch (err) {
      const fields = err instanceof ApiError ? fieldErrorMap(err.validationErrors) : {};
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFailure(err instanceof Error ? err.message : String(err));
    }
  }

  const field = (key: SystemSettingKey, input: ReactNode) => (
    <Form.Group className="col-md-6" controlId={`setting-${key}`}>
      <Form.Label>
        {SYSTEM_SETTING_INFO[key].label}
        {key === 'upload_limit_bytes' ? ' (MB)' : SYSTEM_SETTING_INFO[key].unit ? ` (${SYSTEM_SETTING_INFO[key].unit})` : ''}
      </Form.Label>
      {input}
      <Form.Control.Feedback type="invalid">{errors[key]}</Form.Control.Feedback>
      <Form.Text>{SYSTEM_SETTING_INFO[key].help}</Form.Text>
    </Form.Group>
  );

  return (
    <Form noValidate onSubmit={onSubmit}>
      {failure && (
        <Alert variant="danger" dismissible onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
      <fieldset disabled={!canEdit} className="row g-3">
        {field(
          'product_name',
          <Form.Control
            value={String(draft.product_name)}
            maxLength={60}
            onChange={(e) => set('product_name', e.target.value)}
            isInvalid={!!errors.product_name}
          />,
        )}
        {field(
          'upload_limit_bytes',
          <Form.Control
            type="number"
            min={0.001}
            step="any"
            value={String(draft.upload_limit_bytes)}
            onChange={(e) => set('upload_limit_bytes', e.target.value)}
            isInvalid={!!errors.upload_limit_bytes}
          />,
        )}
        {NUMBER_KEYS.map((key) => (
          <Fragment key={key}>
            {field(
              key,
              <Form.Control type="number" step={1} value={String(draft[key])} onChange={(e) => set(key, e.target.value)} isInvalid={!!errors[key]} />,
            )}
          </Fragment>
        ))}
        <div className="col-12">
          <Form.Check
            type="switch"
            id="setting-self_registration_enabled"
            label={SYSTEM_SETTING_INFO.self_registration_enabled.label}
            // Without e-mail the server cannot confirm addresses: the switch stays off, and says why.
            checked={draft.self_registration_enabled === true && !unavailable.self_registration_enabled}
            disabled={!!unavailable.self_registration_enabled}
            isInvalid={!!errors.self_registration_enabled}
            onChange={(e) => set('self_registration_enabled', e.target.checked)}
            aria-describedby="setting-self-registration-help setting-self-registration-unavailable"
          />
          <Form.Text id="setting-self-registration-help">{SYSTEM_SETTING_INFO.self_registration_enabled.help}</Form.Text>
          {unavailable.self_registration_enabled && (
            <Alert variant="warning" className="mt-2 mb-0 py-2 small" id="setting-self-registration-unavailable">
              {unavailable.self_registration_enabled}
            </Alert>
          )}
          {errors.self_registration_enabled && <div className="invalid-feedback d-block">{errors.self_registration_enabled}</div>}
        </div>
        <div className="col-12">
          <RoleChecklist
            id="setting-two_factor_required_roles"
            legend={SYSTEM_SETTING_INFO.two_factor_required_roles.label}
            help={SYSTEM_SETTING_INFO.two_factor_required_roles.help}
            value={draft.two_factor_required_roles}
            onChange={(roles) => setDraft((d) => ({ ...d, two_factor_required_roles: roles }))}
            disabled={!canEdit}
            error={errors.two_factor_required_roles}
          />
        </div>
      </fieldset>
      {canEdit && (
        <div className="mt-3">
          <Button type="submit" variant="primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save settings'}
          </Button>
        </div>
      )}
    </Form>
  );
}
