import { PUBLIC, type AccessRule } from '@admin-portal/contract/api/access';
import { ENDPOINTS } from '@admin-portal/contract/api/catalogue';
import { routeKey } from '@admin-portal/contract/api/endpoint';
import type { AuthContext } from './context.ts';
import { forbidden } from './errors.ts';

/** Who may call a route: the catalogue's access rules (contract/api/access.ts). */
export type Rule = AccessRule;

/** Routes outside the catalogue: the OpenAPI document itself (hidden from the document it serves). */
const DOCUMENT_ROUTES: Readonly<Record<string, Rule>> = {
  'GET /api/openapi.json': PUBLIC,
};

/** The one table route → rule (DESIGN §5), made from the endpoint catalogue. A route missing here fails at start-up. */
export const POLICY: Readonly<Record<string, Rule>> = {
  ...DOCUMENT_ROUTES,
  ...Object.fromEntries(ENDPOINTS.filter((e) => e.access.access !== 'operator').map((e) => [routeKey(e), e.access])),
};

/** The API documentation UI and its assets are public and outside the table. */
export function isDocsRoute(url: string): boolean {
  return url === '/api/docs' || url.startsWith('/api/docs/');
}

export function policyKey(method: string, url: string): string {
  const path = url.length > 1 && url.endsWith('/') ? url.slice(0, -1) : url;
  return `${method} ${path}`;
}

/** Throws 403 unless the caller satisfies the rule; authentication itself is checked before this. */
export function authorize(rule: Rule, auth: AuthContext, params: Record<string, unknown>): void {
  switch (rule.access) {
    case 'public':
    case 'authenticated':
      return;
    case 'super_admin':
      if (!auth.isSuperAdmin) throw forbidden();
      return;
    case 'permission':
      if (!rule.anyOf.some((p) => auth.permissions.has(p))) throw forbidden();
      if (rule.roles && !rule.roles.includes(auth.role)) throw forbidden();
      return;
    case 'role':
      if (!rule.anyOf.includes(auth.role)) throw forbidden();
      return;
    case 'self_or_permission':
      if (params.id === auth.userId) return;
      if (!rule.anyOf.some((p) => auth.permissions.has(p))) throw forbidden();
      return;
    case 'operator':
      // Outside the table: such a route checks its own operator token before this hook would run.
      throw forbidden();
  }
}
