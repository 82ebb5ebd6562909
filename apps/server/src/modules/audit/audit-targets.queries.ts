import type { AuditTargetType } from '@admin-portal/contract/system/audit-actions';
import type { Queryable } from '../../db/client.ts';
import { run, sql, type Sql } from '../../db/sql.ts';

/** An id that may name a target row (the lookups below read only these; the list's statement tests the same pattern). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A person's name as the portal shows it ("First Last"), else their email. */
const personName = (alias: 't' | 'u') => {
  const u = sql.id(alias, ['t', 'u']);
  return sql`coalesce(nullif(trim(${u}.first_name || ' ' || ${u}.last_name), ''), ${u}.email)`;
};

/** The statement part that reads a target's name, given the SQL of its id. */
const NAME_SQL: Record<AuditTargetType, ((id: Sql) => Sql) | null> = {
  user: (id) => sql`(select ${personName('t')} from users t where t.id = ${id})`,
  session: (id) => sql`(select ${personName('u')} from auth_sessions s join users u on u.id = s.user_id where s.id = ${id})`,
  registration: (id) => sql`(select t.email from registration_requests t where t.id = ${id})`,
  organization: (id) => sql`(select t.name from organizations t where t.id = ${id})`,
  workflow: (id) => sql`(select t.name from workflows t where t.id = ${id})`,
  workflow_template: (id) => sql`(select t.name from workflow_templates t where t.id = ${id})`,
  step: (id) => sql`(select t.name from steps t where t.id = ${id})`,
  step_connection: (id) =>
    sql`(select coalesce(nullif(c.label, ''), f.name || ' → ' || t.name) from step_connections c
        join steps f on f.id = c.source_step_id join steps t on t.id = c.target_step_id where c.id = ${id})`,
  tool: (id) => sql`(select t.name from tools t where t.id = ${id})`,
  tool_configuration: (id) =>
    sql`(select t.name || ' (' || c.environment || ')' from tool_configurations c join tools t on t.id = c.tool_id where c.id = ${id})`,
  api_key: (id) => sql`(select t.name from api_keys t where t.id = ${id})`,
  webhook: (id) => sql`(select t.url from webhook_subscriptions t where t.id = ${id})`,
  application: (id) => sql`(select nullif(t.applicant_name, '') from applications t where t.id = ${id})`,
  system_config: (id) => sql`(select t.key from system_configs t where t.id = ${id})`,
  system_settings: null,
};

/** The SQL naming one target of `type` whose uuid is the expression `id`, or null when the type has no lookup. */
export function targetNameSql(type: AuditTargetType, id: Sql): Sql | null {
  return NAME_SQL[type]?.(id) ?? null;
}

/** The name of the target of `type` with this id (a uuid) as it is now; null when the type has no lookup or it is gone. */
export async function findTargetName(db: Queryable, type: AuditTargetType, id: string): Promise<string | null> {
  const name = targetNameSql(type, sql`${id}::uuid`);
  if (!name) return null;
  const res = await run<{ name: string | null }>(db, sql`select ${name} as name`);
  return res.rows[0]?.name ?? null;
}

/** A listed row's target name (`audit_logs a`): the one recorded with it, else read from the target while it exists. */
function listedTargetName(): Sql {
  const id = sql`(case when a.target_id ~* ${UUID.source} then a.target_id::uuid end)`;
  const branches = (Object.keys(NAME_SQL) as AuditTargetType[])
    .map((type) => [type, targetNameSql(type, id)] as const)
    .filter((branch): branch is readonly [AuditTargetType, Sql] => branch[1] !== null)
    .map(([type, name]) => sql`when ${type} then ${name}`);
  return sql`coalesce(a.target_name, case a.target_type ${sql.join(branches, ' ')} end)`;
}

/** The listed rows' target name as the page's statement reads it, made once (it depends on nothing but the code). */
export const LISTED_TARGET_NAME: Sql = listedTargetName();
