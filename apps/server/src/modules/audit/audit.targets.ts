import type { AuditTargetType } from '@admin-portal/contract/system/audit-actions';
import type { Queryable } from '../../db/client.ts';

/** A person's name as the portal shows it ("First Last"), else their email. */
const personName = (u: string) => `coalesce(nullif(trim(${u}.first_name || ' ' || ${u}.last_name), ''), ${u}.email)`;

/**
 * How a target of each type is named, as a scalar subquery over its id (`id`: an SQL expression of type uuid). A type
 * without one needs no name (the product settings: there is one).
 */
const NAME_SQL: Record<AuditTargetType, ((id: string) => string) | null> = {
  user: (id) => `(select ${personName('t')} from users t where t.id = ${id})`,
  session: (id) => `(select ${personName('u')} from auth_sessions s join users u on u.id = s.user_id where s.id = ${id})`,
  registration: (id) => `(select t.email from registration_requests t where t.id = ${id})`,
  organization: (id) => `(select t.name from organizations t where t.id = ${id})`,
  workflow: (id) => `(select t.name from workflows t where t.id = ${id})`,
  workflow_template: (id) => `(select t.name from workflow_templates t where t.id = ${id})`,
  step: (id) => `(select t.name from steps t where t.id = ${id})`,
  step_connection: (id) =>
    `(select coalesce(nullif(c.label, ''), f.name || ' → ' || t.name) from step_connections c
        join steps f on f.id = c.source_step_id join steps t on t.id = c.target_step_id where c.id = ${id})`,
  tool: (id) => `(select t.name from tools t where t.id = ${id})`,
  tool_configuration: (id) => `(select t.name || ' (' || c.environment || ')' from tool_configurations c join tools t on t.id = c.tool_id where c.id = ${id})`,
  api_key: (id) => `(select t.name from api_keys t where t.id = ${id})`,
  application: (id) => `(select nullif(t.applicant_name, '') from applications t where t.id = ${id})`,
  system_config: (id) => `(select t.key from system_configs t where t.id = ${id})`,
  system_settings: null,
};

/**
 * Targets named only while they exist, never kept in the row: an application is named by its applicant, whose data
 * goes when the case is erased (by an administrator or the retention); a name kept in the audit log would outlive it.
 */
const NAMED_WHILE_THEY_EXIST: ReadonlySet<AuditTargetType> = new Set(['application']);

/** Whether an audit row keeps its target's name (see NAMED_WHILE_THEY_EXIST). */
export const keepsTargetName = (type: AuditTargetType): boolean => !NAMED_WHILE_THEY_EXIST.has(type);

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The SQL naming one target of `type` whose uuid is the expression `id`, or null when the type has no lookup. */
export function targetNameSql(type: AuditTargetType, id: string): string | null {
  return NAME_SQL[type]?.(id) ?? null;
}

/**
 * A target's name as it is now, for a caller about to delete it (its audit row, written after, keeps the name).
 * Null for a type named only while it exists, or without a name.
 */
export async function auditTargetName(db: Queryable, type: AuditTargetType, id: string): Promise<string | null> {
  const sql = keepsTargetName(type) && UUID.test(id) ? targetNameSql(type, '$1::uuid') : null;
  if (!sql) return null;
  const res = await db.query<{ name: string | null }>(`select ${sql} as name`, [id]);
  return res.rows[0]?.name ?? null;
}

/**
 * The name the list shows for a row of `audit_logs a`: the one recorded with the row (what the target was called
 * when it happened, so a later rename or delete does not rewrite history), else, for rows written before names were
 * recorded (migration 0024), the target's current name while it exists. Evaluated for a page's rows only.
 */
export function listedTargetNameSql(): string {
  const id = `(case when a.target_id ~* '${UUID.source}' then a.target_id::uuid end)`;
  const branches = Object.keys(NAME_SQL)
    .map((type) => [type, targetNameSql(type as AuditTargetType, id)] as const)
    .filter((branch): branch is readonly [string, string] => branch[1] !== null)
    .map(([type, sql]) => `when '${type}' then ${sql}`);
  return `coalesce(a.target_name, case a.target_type ${branches.join(' ')} end)`;
}
