/** Writing one run to tool_executions (the statement is in tool-executions.queries.ts) and announcing calls made outside a case. */
import type { Db } from '../../db/client.ts';

export { insertToolExecution } from './tool-executions.queries.ts';

/** NOTIFY channel on which a tool call made outside a case is announced (payload: the organization id). */
export const TOOL_CALLS_CHANNEL = 'tool_executions';

/** Tells the analytics (in any process) that a test or MCP call was recorded; a case's calls ride on its events. */
export async function announceToolCall(db: Db, organizationId: string): Promise<void> {
  await db.notify(TOOL_CALLS_CHANNEL, organizationId);
}
