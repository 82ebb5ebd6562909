import type { Queryable } from '../../db/client.ts';

/** Deletes up to `limit` finished applications (completed, failed, cancelled) that ended more than `days` days ago; answers which went. */
export async function deleteFinishedApplicationsBatch(tx: Queryable, days: number, limit: number): Promise<{ id: string; organization_id: string }[]> {
  const res = await tx.query<{ id: string; organization_id: string }>(
    `delete from applications where id in (
           select id from applications
            where status in ('completed', 'failed', 'cancelled') and completed_at < now() - make_interval(days => $1)
            limit $2)
         returning id, organization_id`,
    [days, limit],
  );
  return res.rows;
}

/** Erases what the applications' tool calls carried (input, output, request, response, the error's text), keeping their figures. */
export async function eraseApplicationsToolCallPayloads(tx: Queryable, applicationIds: readonly string[]): Promise<void> {
  await tx.query(
    `update tool_executions set input = null, output = null, request = null, response = null, error = case when error is null then null else '[erased]' end
            where caller_type = 'workflow' and caller_id = any($1::text[])`,
    [[...applicationIds]],
  );
}

/** The audit row of a purge: how many of the organization's finished applications went, and after how many days. */
export async function recordRetentionPurge(db: Queryable, organizationId: string, changes: { deleted: number; older_than_days: number }): Promise<void> {
  await db.query(`insert into audit_logs (organization_id, action, target_type, changes) values ($1, 'application.retention_purge', 'application', $2)`, [
    organizationId,
    JSON.stringify(changes),
  ]);
}
