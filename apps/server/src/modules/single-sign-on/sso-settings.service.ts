import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SSO_TEXTS, type SsoSettings, type SsoSettingsInput } from '@admin-portal/contract/single-sign-on';
import type { AuthContext } from '../../http/context.ts';
import { invalidField, notFound } from '../../http/errors.ts';
import { decryptText, encryptText } from '../../security/encryption.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { getVisibleOrganization } from '../organizations/organizations.service.ts';
import { assertRoleAssignable } from '../users/users.policy.ts';
import { discover } from './oidc-client.ts';
import { deleteSso, findSso, firstDomainOfAnother, lockSsoDomains, saveSso, type SsoRow } from './sso.queries.ts';

/**
 * An organization's single sign-on settings (issue 37 item 4), for whoever manages the organization: its provider,
 * domains, the role new accounts get, and whether it is the only way in. The client secret is kept encrypted and never
 * answered; saving reads the issuer's discovery document first, so a wrong issuer is said at once.
 */

export function presentSso(row: SsoRow | null): SsoSettings | null {
  if (!row) return null;
  return {
    enabled: row.enabled,
    provider_name: row.provider_name,
    issuer: row.issuer,
    client_id: row.client_id,
    has_client_secret: true,
    allowed_domains: row.allowed_domains,
    default_role: row.default_role as SsoSettings['default_role'],
    roles_claim: row.roles_claim,
    sso_only: row.sso_only,
    updated_at: row.updated_at.toISOString(),
  };
}

export async function ssoSettings(app: FastifyInstance, auth: AuthContext, organizationId: string): Promise<SsoSettings | null> {
  await getVisibleOrganization(app.db, auth, organizationId);
  return presentSso(await findSso(app.db, organizationId));
}

export async function saveSsoSettings(
  app: FastifyInstance,
  request: FastifyRequest,
  auth: AuthContext,
  organizationId: string,
  input: SsoSettingsInput,
): Promise<SsoSettings> {
  await getVisibleOrganization(app.db, auth, organizationId);
  // New accounts get the default role: nobody sets one they could not give themselves. A roles claim can name any role
  // up to administrator, so only someone who could give that sets one.
  assertRoleAssignable(auth, input.default_role);
  if (input.roles_claim) assertRoleAssignable(auth, 'admin');
  const before = await findSso(app.db, organizationId);
  const secret = input.client_secret ?? (before ? decryptText(before.client_secret_encrypted, app.secrets.secretKey) : null);
  if (!secret) throw invalidField('client_secret', SSO_TEXTS.secretRequired);
  try {
    await discover(app, input.issuer, input.client_id, secret);
  } catch (err) {
    throw invalidField('issuer', `${SSO_TEXTS.discoveryFailed}: ${(err as Error).message}`);
  }
  const domains = [...new Set(input.allowed_domains)];
  return app.db.transaction(async (tx) => {
    await lockSsoDomains(tx);
    const taken = await firstDomainOfAnother(tx, organizationId, domains);
    if (taken) throw invalidField(`allowed_domains.${input.allowed_domains.indexOf(taken)}`, `${taken}: ${SSO_TEXTS.domainClaimed}`);
    await saveSso(
      tx,
      organizationId,
      {
        enabled: input.enabled,
        provider_name: input.provider_name,
        issuer: input.issuer,
        client_id: input.client_id,
        client_secret_encrypted: encryptText(secret, app.secrets.secretKey),
        default_role: input.default_role,
        roles_claim: input.roles_claim || null,
        sso_only: input.sso_only,
      },
      domains,
    );
    const after = presentSso(await findSso(tx, organizationId))!;
    const was = presentSso(before);
    const changes = Object.fromEntries(
      (['enabled', 'provider_name', 'issuer', 'client_id', 'allowed_domains', 'default_role', 'roles_claim', 'sso_only'] as const)
        .filter((k) => JSON.stringify(was?.[k]) !== JSON.stringify(after[k]))
        .map((k) => [k, { from: was?.[k] ?? null, to: after[k] }]),
    );
    if (input.client_secret !== undefined) changes.client_secret = { from: was ? '(set)' : null, to: '(set)' };
    await recordAudit(tx, request, { action: 'organization.sso_update', targetType: 'organization', targetId: organizationId, organizationId, changes });
    return after;
  });
}

export async function removeSsoSettings(app: FastifyInstance, request: FastifyRequest, auth: AuthContext, organizationId: string): Promise<void> {
  await getVisibleOrganization(app.db, auth, organizationId);
  await app.db.transaction(async (tx) => {
    if (!(await deleteSso(tx, organizationId))) throw notFound('Single sign-on');
    await recordAudit(tx, request, { action: 'organization.sso_remove', targetType: 'organization', targetId: organizationId, organizationId });
  });
}
