import { useMemo, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Modal from 'react-bootstrap/Modal';
import { APPLICANT_LIMITS, APPLICANT_START_LABELS, APPLICANT_START_MODES, type ApplicantStartMode } from '@admin-portal/contract/applicant/settings';
import { APPLICANT_LANGUAGE_LABELS, APPLICANT_LANGUAGES, type ApplicantLanguage } from '@admin-portal/contract/applicant/texts';
import type { Organization, OrganizationSettings } from '@admin-portal/contract/organizations';
import { ApiError } from '../../../shared/api/api-result.ts';
import { errorsUnder, fieldErrorMap, withoutError } from '../../../shared/forms/field-errors.ts';
import { timeZoneOptions } from '../../../shared/lib/time-zones.ts';
import { notify } from '../../../shared/notifications/notifications-store.ts';
import { TOAST_TITLES } from '../../../shared/notifications/toast-titles.ts';
import { useOrganizationSettings, useUpdateOrganizationSettings, type SettingsUpdate } from '../api/organization-settings.ts';
import { DomainChips } from './domain-chips.tsx';
import { OrganizationDialogFrame } from './organization-dialog-frame.tsx';
import type { RoleName } from '@admin-portal/contract/role-names';
import { RoleChecklist } from '../../../shared/ui/role-checklist.tsx';

interface Props {
  show: boolean;
  organization: Organization;
  onClose: () => void;
}

interface Draft {
  allow_registration: boolean;
  allowed_email_domains: string[];
  registration_requires_approval: boolean;
  timezone: string;
  /** Kept as typed; the server checks the range. */
  session_timeout_minutes: string;
  two_factor_required_roles: RoleName[];
  applicant_start: ApplicantStartMode;
  /** Kept as typed; the server checks the range. */
  applicant_link_days: string;
  applicant_language: ApplicantLanguage;
  /** One origin per line. */
  applicant_embed_origins: string;
}

const FIELDS = [
  'allow_registration',
  'allowed_email_domains',
  'registration_requires_approval',
  'timezone',
  'session_timeout_minutes',
  'two_factor_required_roles',
  'applicant_start',
  'applicant_link_days',
  'applicant_language',
  'applicant_embed_origins',
] as const;

const draftOf = (s: OrganizationSettings): Draft => ({
  allow_registration: s.allow_registration,
  allowed_email_domains: [...s.allowed_email_domains],
  registration_requires_approval: s.registration_requires_approval,
  timezone: s.timezone,
  session_timeout_minutes: String(s.session_timeout_minutes),
  two_factor_required_roles: [...s.two_factor_required_roles],
  applicant_start: s.applicant_start,
  applicant_link_days: String(s.applicant_link_days),
  applicant_language: s.applicant_language,
  applicant_embed_origins: s.applicant_embed_origins.join('\n'),
});

const numberOf = (typed: string) => (typed.trim() === '' || !Number.isFinite(Number(typed.trim())) ? null : Number(typed.trim()));

/** The update to send, or the field that is not a number at all (ranges are the server's to check). */
function toUpdate(d: Draft): SettingsUpdate | { notANumber: 'session_timeout_minutes' | 'applicant_link_days' } {
  const minutes = numberOf(d.session_timeout_minutes);
  const days = numberOf(d.applicant_link_days);
  if (minutes === null) return { notANumber: 'session_timeout_minutes' };
  if (days === null) return { notANumber: 'applicant_link_days' };
  return {
    applicant_start: d.applicant_start,
    applicant_link_days: days,
    applicant_language: d.applicant_language,
    applicant_embed_origins: d.applicant_embed_origins
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    allow_registration: d.allow_registration,
    allowed_email_domains: d.allowed_email_domains,
    registration_requires_approval: d.registration_requires_approval,
    timezone: d.timezone,
    session_timeout_minutes: minutes,
    two_factor_required_roles: d.two_factor_required_roles,
  };
}

function SettingsForm({ organization, settings, onClose }: { organization: Organization; settings: OrganizationSettings; onClose: () => void }) {
  const update = useUpdateOrganizationSettings();
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const zones = useMemo(() => timeZoneOptions(settings.timezone), [settings.timezone]);

  const change = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => withoutError(e, key));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const body = toUpdate(draft);
    if ('notANumber' in body) {
      setErrors(
        body.notANumber === 'session_timeout_minutes'
          ? { session_timeout_minutes: 'Enter the session timeout in minutes' }
          : { applicant_link_days: 'Enter a number of days' },
      );
      return;
    }
    try {
      await update.mutateAsync({ id: organization.id, update: body });
      notify({ type: 'success', title: TOAST_TITLES.settingsSaved, message: `The settings of “${organization.name}” have been saved.` });
      onClose();
    } catch (err) {
      const fields = err instanceof ApiError ? fieldErrorMap(err.validationErrors) : {};
      setErrors(fields);
      const onAField = Object.keys(fields).some((f) => FIELDS.some((k) => f === k || f.startsWith(`${k}.`)));
      setFailure(onAField ? 'Some settings need attention: see the fields below.' : err instanceof Error ? err.message : String(err));
    }
  }

  return (
    <Form noValidate onSubmit={onSubmit}>
      <Modal.Body>
        {failure && (
          <Alert variant="danger" dismissible onClose={() => setFailure(null)}>
            {failure}
          </Alert>
        )}
        <section aria-labelledby="settings-registration" className="mb-4">
          <h3 id="settings-registration" className="h6 text-uppercase text-body-secondary small fw-semibold mb-3">
            Self-registration
          </h3>
          <Form.Check
            type="switch"
            id="settings-allow-registration"
            label="Allow self-registration"
            checked={draft.allow_registration}
            onChange={(e) => change('allow_registration', e.target.checked)}
            isInvalid={!!errors.allow_registration}
            feedback={errors.allow_registration}
            feedbackType="invalid"
            className="mb-1"
          />
          <Form.Text as="p" className="mt-0 mb-3">
            People with an address at an allowed domain may create their own account, as a Viewer, once they confirm the address by the link e-mailed to it. A
            domain can take sign-ups into one organization only.
          </Form.Text>
          <DomainChips
            domains={draft.allowed_email_domains}
            onChange={(domains) => change('allowed_email_domains', domains)}
            errors={errorsUnder(errors, 'allowed_email_domains')}
          />
          <Form.Check
            type="switch"
            id="settings-registration-approval"
            label="New accounts wait for an administrator"
            checked={draft.registration_requires_approval}
            onChange={(e) => change('registration_requires_approval', e.target.checked)}
            isInvalid={!!errors.registration_requires_approval}
            feedback={errors.registration_requires_approval}
            feedbackType="invalid"
            className="mt-3 mb-1"
            aria-describedby="settings-registration-approval-help"
          />
          <Form.Text as="p" id="settings-registration-approval-help" className="mt-0 mb-0">
            A self-registered account can sign in only after an administrator approves it on the Users page.
          </Form.Text>
        </section>

        <section aria-labelledby="settings-applicants" className="mb-4">
          <h3 id="settings-applicants" className="h6 text-uppercase text-body-secondary small fw-semibold mb-3">
            Applicant pages
          </h3>
          <div className="row g-3">
            <Form.Group className="col-sm-7" controlId="settings-applicant-start">
              <Form.Label>Who may start an application</Form.Label>
              <Form.Select
                value={draft.applicant_start}
                onChange={(e) => change('applicant_start', e.target.value as ApplicantStartMode)}
                isInvalid={!!errors.applicant_start}
                aria-describedby="settings-applicant-start-help"
              >
                {APPLICANT_START_MODES.map((m) => (
                  <option key={m} value={m}>
                    {APPLICANT_START_LABELS[m]}
                  </option>
                ))}
              </Form.Select>
              <Form.Control.Feedback type="invalid">{errors.applicant_start}</Form.Control.Feedback>
              <Form.Text id="settings-applicant-start-help">
                A workflow’s start link (All Workflows → Start link) works only with the first. Personal links, from the case or the intake API, always work.
              </Form.Text>
            </Form.Group>
            <Form.Group className="col-sm-5" controlId="settings-applicant-link-days">
              <Form.Label>Personal links work for</Form.Label>
              <InputGroup hasValidation>
                <Form.Control
                  type="number"
                  inputMode="numeric"
                  value={draft.applicant_link_days}
                  onChange={(e) => change('applicant_link_days', e.target.value)}
                  isInvalid={!!errors.applicant_link_days}
                  aria-describedby={`settings-applicant-link-days-help${errors.applicant_link_days ? ' settings-applicant-link-days-error' : ''}`}
                />
                <InputGroup.Text>days</InputGroup.Text>
                <Form.Control.Feedback type="invalid" id="settings-applicant-link-days-error">
                  {errors.applicant_link_days}
                </Form.Control.Feedback>
              </InputGroup>
              <Form.Text id="settings-applicant-link-days-help">Between 1 and {APPLICANT_LIMITS.linkDaysMax}, from when each link is made.</Form.Text>
            </Form.Group>
            <Form.Group className="col-sm-7" controlId="settings-applicant-language">
              <Form.Label>Language of the applicant pages and e-mails</Form.Label>
              <Form.Select
                value={draft.applicant_language}
                onChange={(e) => change('applicant_language', e.target.value as ApplicantLanguage)}
                isInvalid={!!errors.applicant_language}
              >
                {APPLICANT_LANGUAGES.map((l) => (
                  <option key={l} value={l}>
                    {APPLICANT_LANGUAGE_LABELS[l]}
                  </option>
                ))}
              </Form.Select>
              <Form.Control.Feedback type="invalid">{errors.applicant_language}</Form.Control.Feedback>
            </Form.Group>
            <Form.Group className="col-12" controlId="settings-applicant-embed">
              <Form.Label>Sites that may embed the applicant pages</Form.Label>
              <Form.Control
                as="textarea"
                rows={2}
                value={draft.applicant_embed_origins}
                placeholder="https://www.example.com"
                onChange={(e) => change('applicant_embed_origins', e.target.value)}
                isInvalid={errorsUnder(errors, 'applicant_embed_origins').length > 0}
                aria-describedby="settings-applicant-embed-help"
              />
              <Form.Control.Feedback type="invalid">
                {errorsUnder(errors, 'applicant_embed_origins')
                  .map((e) => (e.path ? `Line ${Number(e.path) + 1}: ${e.message}` : e.message))
                  .join(' ')}
              </Form.Control.Feedback>
              <Form.Text id="settings-applicant-embed-help">
                One origin per line, at most {APPLICANT_LIMITS.embedOrigins}. Only these sites may show the pages in a frame, and only they are told when an
                application ends (docs: Applicant pages).
              </Form.Text>
            </Form.Group>
          </div>
        </section>

        <section aria-labelledby="settings-sessions">
          <h3 id="settings-sessions" className="h6 text-uppercase text-body-secondary small fw-semibold mb-3">
            Time and sessions
          </h3>
          <div className="row g-3">
            <Form.Group className="col-sm-7" controlId="settings-timezone">
              <Form.Label>Time zone</Form.Label>
              <Form.Select
                value={draft.timezone}
                onChange={(e) => change('timezone', e.target.value)}
                isInvalid={!!errors.timezone}
                aria-invalid={errors.timezone ? true : undefined}
              >
                {zones.map((z) => (
                  <option key={z} value={z}>
                    {z.replaceAll('_', ' ')}
                  </option>
                ))}
              </Form.Select>
              <Form.Control.Feedback type="invalid">{errors.timezone}</Form.Control.Feedback>
            </Form.Group>
            <Form.Group className="col-sm-5" controlId="settings-session-timeout">
              <Form.Label>Session timeout</Form.Label>
              <InputGroup hasValidation>
                <Form.Control
                  type="number"
                  inputMode="numeric"
                  value={draft.session_timeout_minutes}
                  onChange={(e) => change('session_timeout_minutes', e.target.value)}
                  isInvalid={!!errors.session_timeout_minutes}
                  aria-invalid={errors.session_timeout_minutes ? true : undefined}
                  aria-describedby={`settings-session-timeout-help${errors.session_timeout_minutes ? ' settings-session-timeout-error' : ''}`}
                />
                <InputGroup.Text>minutes</InputGroup.Text>
                <Form.Control.Feedback type="invalid" id="settings-session-timeout-error">
                  {errors.session_timeout_minutes}
                </Form.Control.Feedback>
              </InputGroup>
              <Form.Text id="settings-session-timeout-help">
                Between 5 and 1440. A session nobody uses for this long ends on the server (the product-wide limit applies when it is shorter).
              </Form.Text>
            </Form.Group>
            <div className="col-12">
              <RoleChecklist
                id="settings-two-factor-roles"
                legend="Require two-factor authentication for"
                help="Accounts with these roles must sign in with a second factor; one without it sets up an authenticator app at its next sign-in before it can do anything else. The product settings may require it for more roles."
                value={draft.two_factor_required_roles}
                onChange={(roles) => change('two_factor_required_roles', roles)}
                error={errors.two_factor_required_roles}
              />
            </div>
          </div>
        </section>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={update.isPending}>
          {update.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          Save settings
        </Button>
      </Modal.Footer>
    </Form>
  );
}

/** An organization's settings: self-registration and its allowed email domains, the applicant pages, time zone, session timeout. */
export function OrganizationSettingsDialog({ show, organization, onClose }: Props) {
  const query = useOrganizationSettings(organization.id);
  return (
    <OrganizationDialogFrame
      show={show}
      onClose={onClose}
      titleId="organization-settings-title"
      title={`Settings of ${organization.name}`}
      loading="settings"
      query={query}
    >
      {(settings) => <SettingsForm organization={organization} settings={settings} onClose={onClose} />}
    </OrganizationDialogFrame>
  );
}
