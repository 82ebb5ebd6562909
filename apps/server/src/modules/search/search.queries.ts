/**
 * The portal search's own statements (one per kind it finds itself; applications and users are found by their lists).
 * The texts are tuned on the search benchmarks: `$1` is the term's `%text%`, `$2` the text, `$3` its `text%`, `$4`
 * the organization scope (null: every one); the limit is written into the text.
 */
import type { ToolStatus } from '@admin-portal/contract/tools/api';
import type { Role } from '@admin-portal/contract/roles';
import type { Queryable } from '../../db/client.ts';
import type { SearchTerm } from './search.types.ts';

export interface OrganizationHit {
  id: string;
  name: string;
  slug: string;
  is_active: boolean;
  user_count: number;
  total: number;
}

/** Organizations by name or slug (only `own` when given), the exact name first, then those it begins, then by name. */
export async function searchOrganizations(db: Queryable, term: SearchTerm, own: string | null, limit: number): Promise<OrganizationHit[]> {
  const res = await db.query<OrganizationHit>(
    `select o.id, o.name, o.slug, o.is_active,
              coalesce((select c.users::int from organization_user_counts c where c.organization_id = o.id), 0) as user_count,
              count(*) over ()::int as total
         from organizations o
        where ($4::uuid is null or o.id = $4::uuid)
          and (o.name ilike $1 or o.slug ilike $1)
        order by (lower(o.name) = lower($2)) desc, (o.name ilike $3) desc, lower(o.name), o.id
        limit ${limit}`,
    [term.contains, term.text, term.prefix, own],
  );
  return res.rows;
}

export interface ToolHit {
  id: string;
  name: string;
  tool_type: string;
  status: ToolStatus;
  is_enabled: boolean;
  organization_name: string;
  total: number;
}

/** Tools by name, description or type in the scope, the exact name first, then those it begins, those it is in, then by name. */
export async function searchTools(db: Queryable, term: SearchTerm, scope: string | null, limit: number): Promise<ToolHit[]> {
  const res = await db.query<ToolHit>(
    `select t.id, t.name, t.tool_type, t.status, t.is_enabled, o.name as organization_name, count(*) over ()::int as total
         from tools t join organizations o on o.id = t.organization_id
        where ($4::uuid is null or t.organization_id = $4::uuid)
          and (t.name ilike $1 or t.description ilike $1 or t.tool_type ilike $1)
        order by (lower(t.name) = lower($2)) desc, (t.name ilike $3) desc, (t.name ilike $1) desc, lower(t.name), t.id
        limit ${limit}`,
    [term.contains, term.text, term.prefix, scope],
  );
  return res.rows;
}

export interface WorkflowHit {
  id: string;
  name: string;
  category: string;
  status: string;
  version: number;
  organization_name: string;
  total: number;
}

/** Workflows by name, description or category in the scope, ranked as tools are. */
export async function searchWorkflows(db: Queryable, term: SearchTerm, scope: string | null, limit: number): Promise<WorkflowHit[]> {
  const res = await db.query<WorkflowHit>(
    `select w.id, w.name, w.category, w.status, w.version, o.name as organization_name, count(*) over ()::int as total
         from workflows w join organizations o on o.id = w.organization_id
        where ($4::uuid is null or w.organization_id = $4::uuid)
          and (w.name ilike $1 or w.description ilike $1 or w.category ilike $1)
        order by (lower(w.name) = lower($2)) desc, (w.name ilike $3) desc, (w.name ilike $1) desc, lower(w.name), w.id
        limit ${limit}`,
    [term.contains, term.text, term.prefix, scope],
  );
  return res.rows;
}

export interface UserHit {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
  is_active: boolean;
  organization_name: string;
}

/** The user whose e-mail address is `text` exactly, in the scope (users' unique index on the lower-cased address), or null. */
export async function findUserByExactEmail(db: Queryable, text: string, scope: string | null): Promise<UserHit | null> {
  const res = await db.query<UserHit>(
    `select u.id, u.email, u.first_name, u.last_name, u.role, u.is_active, o.name as organization_name
           from users u join organizations o on o.id = u.organization_id
          where lower(u.email) = lower($1) and ($2::uuid is null or u.organization_id = $2::uuid)`,
    [text, scope],
  );
  return res.rows[0] ?? null;
}
