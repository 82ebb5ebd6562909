import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ApiKey, createApiKeySchema } from '@admin-portal/contract/tools/api';
import type { Db, Queryable } from '../../db/client.ts';
import type { AuthContext } from '../../http/context.ts';
import { conflict, forbidden, invalidField } from '../../http/errors.ts';
import { actingOrganization, assertVisible, canSee, listScope } from '../../http/organization-scope.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findOrganizationById } from '../organizations/organizations.queries.ts';
import { findApiKeyById, findApiKeys, findLiveKeyByHash, insertApiKey, revokeApiKeyRow, touchApiKey, type ApiKeyRow } from './api-keys.queries.ts';

/*
 * API keys (issue 5): `apk_` + 40 random base62-ish characters. Only a SHA-256 of the key is stored (the key is
 * random and long, so a slow hash adds nothing); the first 12 characters stay visible to tell keys apart.
 */
const KEY_PREFIX = 'apk_';
const SHOWN = 12;

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

function newKey(): string {
  return `${KEY_PREFIX}${randomBytes(30).toString('base64url')}`;
}

export function presentApiKey(r: ApiKeyRow): ApiKey {
  return {
    id: r.id,
    organization_id: r.organization_id,
    name: r.name,
    prefix: r.prefix,
    scopes: r.scopes,
    environment: r.environment,
    created_by: r.created_by,
    created_by_email: r.created_by_email,
    last_used_at: r.last_used_at?.toISOString() ?? null,
    revoked_at: r.revoked_at?.toISOString() ?? null,
    created_at: r.created_at.toISOString(),
  };
}

export async function listApiKeys(db: Db, auth: AuthContext) {
  return { items: (await findApiKeys(db, listScope(auth))).map(presentApiKey) };
}

export async function createApiKey(db: Db, request: FastifyRequest, auth: AuthContext, body: z.infer<typeof createApiKeySchema>) {
  const organizationId = body.organization_id ?? actingOrganization(auth);
  if (!canSee(auth, organizationId)) throw forbidden();
  const key = newKey();
  const id = await db.transaction(async (tx) => {
    // A super administrator may name any organization: one that does not exist is the caller's mistake, not a 500.
    if (!(await findOrganizationById(tx, organizationId))) throw invalidField('organization_id', 'Organization not found');
    const id = await insertApiKey(tx, {
      organization_id: organizationId,
      name: body.name,
      prefix: key.slice(0, SHOWN),
      key_hash: hashApiKey(key),
      scopes: [...new Set(body.scopes)],
      environment: body.environment,
      created_by: auth.userId,
    });
    await recordAudit(tx, request, {
      action: 'api_key.create',
      targetType: 'api_key',
      targetId: id,
      organizationId,
      changes: { name: body.name, scopes: body.scopes, environment: body.environment },
    });
    return id;
  });
  return { ...presentApiKey((await findApiKeyById(db, id))!), key };
}

export async function revokeApiKey(db: Db, request: FastifyRequest, auth: AuthContext, id: string) {
  await db.transaction(async (tx) => {
    const row = await findApiKeyById(tx, id, true);
    assertVisible(auth, row, 'API key');
    if (row.revoked_at) throw conflict('This API key is already revoked');
    await revokeApiKeyRow(tx, id);
    await recordAudit(tx, request, {
      action: 'api_key.revoke',
      targetType: 'api_key',
      targetId: id,
      organizationId: row.organization_id,
      changes: { name: row.name },
    });
  });
  return presentApiKey((await findApiKeyById(db, id))!);
}

/** The key a client presents: `Authorization: Bearer <key>` or `X-API-Key: <key>`. */
export function presentedApiKey(request: FastifyRequest): string | null {
  const auth = request.headers.authorization;
  if (auth?.toLowerCase().startsWith('bearer ')) return auth.slice(7).trim();
  const header = request.headers['x-api-key'];
  return typeof header === 'string' ? header.trim() : null;
}

/** The live key a client presented, if it holds the scope; its use is noted. */
export async function authenticateApiKey(db: Queryable, presented: string, scope: string): Promise<ApiKeyRow | null> {
  if (!presented.startsWith(KEY_PREFIX) || presented.length > 200) return null;
  const row = await findLiveKeyByHash(db, hashApiKey(presented));
  if (!row || !row.scopes.includes(scope)) return null;
  await touchApiKey(db, row.id);
  return row;
}
