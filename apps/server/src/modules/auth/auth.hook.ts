import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { effectivePermissions } from '@admin-portal/contract/permissions';
import { SERVER_MESSAGES } from '@admin-portal/contract/messages';
import { uuidSchema } from '@admin-portal/contract/common';
import type { AuthContext } from '../../http/context.ts';
import { forbidden, HttpError, unauthorized } from '../../http/errors.ts';
import { authorize, isDocsRoute, POLICY, policyKey } from '../../http/policy.ts';
import { verifyAccessToken } from '../../security/tokens.ts';
import { touchSession } from '../accounts/sessions.queries.ts';
import { sessionLimitsOf } from '../accounts/sessions.ts';
import { findPrincipal } from './auth.queries.ts';

const ORG_HEADER = 'x-organization-id';

function methodsOf(route: RouteOptions): string[] {
  return (Array.isArray(route.method) ? route.method : [route.method]).map((m) => (m === 'HEAD' ? 'GET' : m));
}

/**
 * Every /api route must have a rule in the policy table; a missing one stops the server from starting. Operator
 * routes (`config.operatorOnly`: the metrics) guard themselves and are outside the table.
 */
export function assertRouteHasPolicy(route: RouteOptions): void {
  if (!route.url.startsWith('/api') || isDocsRoute(route.url) || route.config?.operatorOnly) return;
  for (const method of methodsOf(route)) {
    if (!POLICY[policyKey(method, route.url)])
      throw new Error(`No policy rule for ${method} ${route.url}: declare it in the endpoint catalogue (contract/api/endpoints)`);
  }
}

async function resolvePrincipal(app: FastifyInstance, request: FastifyRequest): Promise<AuthContext | null> {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const claims = verifyAccessToken(app.secrets.jwtSecret, header.slice(7).trim());
  if (!claims || !uuidSchema.safeParse(claims.sub).success || !uuidSchema.safeParse(claims.sid).success) return null;
  const row = await findPrincipal(app.db, claims.sub, claims.sid, sessionLimitsOf(app.settings.current()));
  if (!row || !row.allowed) return null;
  // The session's idle limit counts from its last use: a request uses it.
  if (row.touch) await touchSession(app.db, claims.sid);
  const isSuperAdmin = row.role === 'super_admin';
  return {
    userId: row.id,
    email: row.email,
    role: row.role,
    sessionId: claims.sid,
    homeOrganizationId: row.organization_id,
    permissions: new Set(effectivePermissions(row.role, row.permissions)),
    isSuperAdmin,
    organizationId: isSuperAdmin ? null : row.organization_id,
  };
}

/** Applies X-Organization-Id: a super admin may pick any organization; anyone else only their own. */
function applyOrganizationHeader(auth: AuthContext, request: FastifyRequest): AuthContext {
  const raw = request.headers[ORG_HEADER];
  if (raw === undefined || raw === '') return auth;
  const value = Array.isArray(raw) ? raw[0] : raw;
  const parsed = uuidSchema.safeParse(value);
  if (!parsed.success) {
    const message = 'X-Organization-Id must be an organization id (UUID)';
    throw new HttpError(422, message, [{ field: 'X-Organization-Id', message }]);
  }
  if (auth.isSuperAdmin) return { ...auth, organizationId: parsed.data };
  if (parsed.data !== auth.homeOrganizationId) throw forbidden(SERVER_MESSAGES.otherOrganization);
  return auth;
}

/**
 * The caller of an /api request under its route's policy rule (null on a public route without one), or the 401/403
 * it gets. Asked once per request, and again by a long-lived answer (an event stream) that must stop when its
 * caller's session, account or permissions no longer allow it.
 */
export async function authenticateRequest(app: FastifyInstance, request: FastifyRequest): Promise<AuthContext | null> {
  const rule = POLICY[policyKey(request.method === 'HEAD' ? 'GET' : request.method, request.routeOptions.url!)]!;
  const principal = await resolvePrincipal(app, request);
  if (rule.access === 'public') return principal;
  if (!principal) {
    throw unauthorized(request.headers.authorization ? SERVER_MESSAGES.tokenExpired : SERVER_MESSAGES.notAuthenticated);
  }
  const auth = applyOrganizationHeader(principal, request);
  authorize(rule, auth, (request.params ?? {}) as Record<string, unknown>);
  return auth;
}

/** Authenticates and authorizes every /api request against the policy table before its body is read. */
export function registerAuthHook(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
  app.addHook('onRoute', assertRouteHasPolicy);
  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    if (!url || !url.startsWith('/api') || isDocsRoute(url) || request.routeOptions.config.operatorOnly) return;
    request.auth = await authenticateRequest(app, request);
  });
}
