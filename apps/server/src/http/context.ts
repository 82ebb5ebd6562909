import type { Permission } from '@admin-portal/contract/permissions';
import type { Role } from '@admin-portal/contract/roles';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { ChangeNotices } from '../db/change-notices.ts';

/** The signed-in caller, resolved once per request by the authentication hook. */
export interface AuthContext {
  userId: string;
  email: string;
  role: Role;
  sessionId: string;
  /** The user's own organization. */
  homeOrganizationId: string;
  permissions: ReadonlySet<Permission>;
  isSuperAdmin: boolean;
  /**
   * The organization this request acts in: the user's own; for a super admin the one named by
   * X-Organization-Id, or null (all organizations) when the header is absent.
   */
  organizationId: string | null;
}

export interface Secrets {
  jwtSecret: string;
  secretKey: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    secrets: Secrets;
    /** Change notices between processes: a write publishes its topic, every process's caches of it forget. */
    changes: ChangeNotices;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** The caller of a route whose policy requires authentication. */
export function requireAuth(auth: AuthContext | null): AuthContext {
  if (!auth) throw new Error('route reached without authentication; check the policy table');
  return auth;
}
