import type { ToolAnalytics } from '@admin-portal/contract/tools/api';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/context.ts';
import { listScope } from '../../http/organization-scope.ts';
import { perTool, topCallers, topErrors, windowSeries, windowTotals, type Window } from './tool-executions.queries.ts';
import { getVisibleTool } from './tools.service.ts';

const DAY_MS = 86_400_000;
const round = (n: number | null) => (n === null ? null : Math.round(Number(n) * 10) / 10);
const rate = (errors: number, calls: number) => (calls === 0 ? 0 : Math.round((errors / calls) * 10_000) / 10_000);

function windowOf(days: number, organizationId: string | null, toolId: string | null, now = new Date()): Window {
  return { organizationId, toolId, from: new Date(now.getTime() - days * DAY_MS), to: now, bucket: days <= 2 ? 'hour' : 'day' };
}

async function analyticsFor(db: Db, w: Window, withPerTool: boolean): Promise<ToolAnalytics> {
  const [totals, series, errors, callers, tools] = await Promise.all([
    windowTotals(db, w),
    windowSeries(db, w),
    topErrors(db, w),
    topCallers(db, w),
    withPerTool ? perTool(db, w) : Promise.resolve(null),
  ]);
  return {
    tool_id: w.toolId,
    from: w.from.toISOString(),
    to: w.to.toISOString(),
    bucket: w.bucket,
    calls: totals.calls,
    successes: totals.successes,
    errors: totals.errors,
    error_rate: rate(totals.errors, totals.calls),
    latency_ms: { p50: round(totals.p50), p95: round(totals.p95), p99: round(totals.p99) },
    over_time: series.map((s) => ({ at: s.at.toISOString(), calls: s.calls, errors: s.errors, p50: round(s.p50), p95: round(s.p95) })),
    top_errors: errors,
    top_callers: callers,
    ...(tools
      ? { per_tool: tools.map((t) => ({ tool_id: t.tool_id, tool_name: t.tool_name, calls: t.calls, errors: t.errors, error_rate: rate(t.errors, t.calls), p50: round(t.p50), p95: round(t.p95), p99: round(t.p99) })) }
      : {}),
  };
}

/** `GET /admin/tools/{id}/analytics`. */
export async function toolAnalytics(db: Db, auth: AuthContext, id: string, days: number) {
  const tool = await getVisibleTool(db, auth, id);
  return analyticsFor(db, windowOf(days, tool.organization_id, tool.id), false);
}

/** `GET /admin/tools/analytics`: every tool of the organization (all organizations for a super admin without one chosen). */
export async function organizationToolAnalytics(db: Db, auth: AuthContext, days: number) {
  return analyticsFor(db, windowOf(days, listScope(auth), null), true);
}
