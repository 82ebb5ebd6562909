import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import type { Organization } from '@admin-portal/contract/organizations';
import { roleLabel } from '@admin-portal/contract/role-names';
import { SSO_ROLES, SSO_TEXTS, ssoSettingsInputSchema, type SsoSettings, type SsoSettingsInput } from '@admin-portal/contract/single-sign-on';
import { ApiError } from '../../../shared/api/api-result.ts';
import { errorsUnder, fieldErrorMap, withoutError } from '../../../shared/forms/field-errors.ts';
import { notify } from '../../../shared/notifications/notifications-store.ts';
import { TOAST_TITLES } from '../../../shared/notifications/toast-titles.ts';
import { CopyButton } from '../../../shared/ui/copy-button.tsx';
import { useOrganizationSso, useRemoveOrganizationSso, useSaveOrganizationSso } from '../api/organization-sso.ts';
import { DomainChips } from './domain-chips.tsx';
import { OrganizationDialogFrame } from './organization-dialog-frame.tsx';

interface Props {
  show: boolean;
  organization: Organization;
  onClose: () => void;
}

type Draft = Omit<SsoSettingsInput, 'client_secret' | 'roles_claim'> & { client_secret: string; roles_claim: string };

const draftOf = (s: SsoSettings | null): Draft => ({
  enabled: s?.enabled ?? true,
  provider_name: s?.provider_name ?? '',
  issuer: s?.issuer ?? '',
  client_id: s?.client_id ?? '',
  client_secret: '',
  allowed_domains: s?.allowed_domains ?? [],
  default_role: s?.default_role ?? 'viewer',
  roles_claim: s?.roles_claim ?? '',
  sso_only: s?.sso_only ?? false,
});

const DOMAIN_TEXTS = {
  label: 'E-mail domains that sign in here',
  empty: 'No domains yet.',
  help: 'Press Enter to add. The sign-in page offers the provider to addresses at these domains; a domain signs in to one organization.',
};

function SsoForm({
  organization,
  sso,
  redirectUri,
  onClose,
}: {
  organization: Organization;
  sso: SsoSettings | null;
  redirectUri: string;
  onClose: () => void;
}) {
  const save = useSaveOrganizationSso(organization.id);
  const remove = useRemoveOrganizationSso(organization.id);
  const [draft, setDraft] = useState<Draft>(() => draftOf(sso));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const busy = save.isPending || remove.isPending;

  const change = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => withoutError(e, key));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const input = { ...draft, client_secret: draft.client_secret || undefined, roles_claim: draft.roles_claim.trim() || null };
    const checked = ssoSettingsInputSchema.safeParse(input);
    const local = fieldErrorMap(checked.error?.issues.map((i) => ({ field: i.path.join('.'), message: i.message })));
    if (!sso && !draft.client_secret) local.client_secret ??= SSO_TEXTS.secretRequired;
    if (Object.keys(local).length > 0) return setErrors(local);
    try {
      await save.mutateAsync(checked.data!);
      notify({ type: 'success', title: TOAST_TITLES.settingsSaved, message: `${SSO_TEXTS.saved} (${organization.name})` });
      onClose();
    } catch (err) {
      const fields = err instanceof ApiError ? fieldErrorMap(err.validationErrors) : {};
      setErrors(fields);
      setFailure(Object.keys(fields).length > 0 ? 'Some settings need attention: see the fields below.' : err instanceof Error ? err.message : String(err));
    }
  }

  async function onRemove() {
    try {
      const res = await remove.mutateAsync();
      notify({ type: 'success', title: TOAST_TITLES.settingsSaved, message: res.message });
      onClose();
    } catch (err) {
      setFailure(err instanceof Error ? err.message : String(err));
    }
  }

  const text = (key: 'provider_name' | 'issuer' | 'client_id' | 'roles_claim', label: string, help: string, placeholder?: string) => (
    <Form.Group className="mb-3" controlId={`sso-${key}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        value={draft[key]}
        placeholder={placeholder}
        onChange={(e) => change(key, e.target.value)}
        isInvalid={!!errors[key]}
        aria-describedby={`sso-${key}-help${errors[key] ? ` sso-${key}-error` : ''}`}
        autoComplete="off"
        spellCheck={false}
      />
      <Form.Control.Feedback type="invalid" id={`sso-${key}-error`}>
        {errors[key]}
      </Form.Control.Feedback>
      <Form.Text id={`sso-${key}-help`}>{help}</Form.Text>
    </Form.Group>
  );

  return (
    <Form noValidate onSubmit={onSubmit}>
      <Modal.Body>
        {failure && (
          <Alert variant="danger" dismissible onClose={() => setFailure(null)}>
            {failure}
          </Alert>
        )}
        <p className="small text-body-secondary">
          Staff sign in with the organization’s identity provider (OpenID Connect: Okta, Microsoft Entra ID, Google Workspace, Keycloak…). Register the portal
          at the provider as a web application with this redirect URI:
        </p>
        <div className="d-flex align-items-center gap-2 mb-4">
          <code id="sso-redirect-uri" className="text-break">
            {redirectUri}
          </code>
          <CopyButton text={redirectUri} what="redirect URI" target={() => document.getElementById('sso-redirect-uri')} />
        </div>
        <Form.Check
          type="switch"
          id="sso-enabled"
          label="Single sign-on is on"
          checked={draft.enabled}
          onChange={(e) => change('enabled', e.target.checked)}
          className="mb-3"
        />
        <div className="row g-3">
          <div className="col-sm-6">{text('provider_name', 'Provider name', 'Shown on the sign-in page: “Sign in with …”.', 'Okta')}</div>
          <div className="col-sm-6">{text('issuer', 'Issuer URL', 'Its discovery document is read when you save.', 'https://login.example.com')}</div>
          <div className="col-sm-6">{text('client_id', 'Client ID', 'The application’s client ID at the provider.')}</div>
          <div className="col-sm-6">
            <Form.Group className="mb-3" controlId="sso-client_secret">
              <Form.Label>Client secret</Form.Label>
              <Form.Control
                type="password"
                value={draft.client_secret}
                placeholder={sso?.has_client_secret ? 'Stored: leave empty to keep it' : ''}
                onChange={(e) => change('client_secret', e.target.value)}
                isInvalid={!!errors.client_secret}
                aria-describedby={`sso-client_secret-help${errors.client_secret ? ' sso-client_secret-error' : ''}`}
                autoComplete="new-password"
              />
              <Form.Control.Feedback type="invalid" id="sso-client_secret-error">
                {errors.client_secret}
              </Form.Control.Feedback>
              <Form.Text id="sso-client_secret-help">Kept encrypted; never shown again.</Form.Text>
            </Form.Group>
          </div>
        </div>
        <div className="mb-3">
          <DomainChips
            domains={draft.allowed_domains}
            onChange={(domains) => change('allowed_domains', domains)}
            errors={errorsUnder(errors, 'allowed_domains')}
            texts={DOMAIN_TEXTS}
          />
        </div>
        <div className="row g-3">
          <Form.Group className="col-sm-6 mb-3" controlId="sso-default_role">
            <Form.Label>Role of new accounts</Form.Label>
            <Form.Select
              value={draft.default_role}
              onChange={(e) => change('default_role', e.target.value as Draft['default_role'])}
              isInvalid={!!errors.default_role}
              aria-describedby="sso-default_role-help"
            >
              {SSO_ROLES.map((role) => (
                <option key={role} value={role}>
                  {roleLabel(role)}
                </option>
              ))}
            </Form.Select>
            <Form.Control.Feedback type="invalid">{errors.default_role}</Form.Control.Feedback>
            <Form.Text id="sso-default_role-help">An account is made at a person’s first sign-on; an existing one is linked by its verified e-mail.</Form.Text>
          </Form.Group>
          <div className="col-sm-6">
            {text(
              'roles_claim',
              'Roles claim (optional)',
              'A claim naming roles (e.g. roles or groups): the most privileged one named is given at each sign-on.',
              'roles',
            )}
          </div>
        </div>
        <Form.Check
          type="switch"
          id="sso-only"
          label="Only single sign-on"
          checked={draft.sso_only}
          onChange={(e) => change('sso_only', e.target.checked)}
          aria-describedby="sso-only-help"
          className="mb-1"
        />
        <Form.Text as="p" id="sso-only-help" className="mt-0 mb-0">
          Staff of {organization.name} then sign in only through the provider: passwords and passkeys are refused. Super administrators keep their password.
        </Form.Text>
      </Modal.Body>
      <Modal.Footer className="justify-content-between">
        <div>
          {sso &&
            (confirmRemove ? (
              <span className="d-inline-flex align-items-center gap-2">
                <span className="small">Remove single sign-on?</span>
                <Button variant="danger" size="sm" disabled={busy} onClick={() => void onRemove()}>
                  Remove
                </Button>
                <Button variant="outline-secondary" size="sm" onClick={() => setConfirmRemove(false)}>
                  Keep
                </Button>
              </span>
            ) : (
              <Button variant="outline-danger" onClick={() => setConfirmRemove(true)}>
                Remove single sign-on
              </Button>
            ))}
        </div>
        <div className="d-flex gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {save.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            Save single sign-on
          </Button>
        </div>
      </Modal.Footer>
    </Form>
  );
}

/** An organization's single sign-on with OpenID Connect (issue 37 item 4). */
export function OrganizationSsoDialog({ show, organization, onClose }: Props) {
  const query = useOrganizationSso(organization.id);
  return (
    <OrganizationDialogFrame
      show={show}
      onClose={onClose}
      titleId="organization-sso-title"
      title={`Single sign-on of ${organization.name}`}
      loading="single sign-on"
      query={query}
    >
      {(data) => <SsoForm organization={organization} sso={data.sso} redirectUri={data.redirect_uri} onClose={onClose} />}
    </OrganizationDialogFrame>
  );
}
