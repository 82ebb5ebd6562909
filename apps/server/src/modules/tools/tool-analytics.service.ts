import type { ToolAnalytics } from '@admin-portal/contract/tools/api';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/context.ts';
import { listScope } from '../../http/organization-scope.ts';
import { toolCallers, toolErrors, toolSeries, type Span } from '../analytics/analytics.queries.ts';
import { percentileMs, sumHistograms } from '../analytics/figures.ts';
import { toolHealthRows } from '../analytics/tool-health.service.ts';
import { getVisibleTool } from './tools.service.ts';

/*
 * Tool Analytics over a rolling window of whole hours (the last `days` × 24 hours, the current hour included), read
 * from the hourly tool-call rollups: calls of testers, MCP clients and workflows' cases alike.
 */

const HOUR_MS = 3_600_000;
const TOP = 5;

function windowOf(days: number, scope: string | null, now = new Date()): Span & { bucket: 'hour' | 'day' } {
  const to = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS);
  const from = new Date(to.getTime() - days * 24 * HOUR_MS);
  return { scope, from, to, previousFrom: new Date(from.getTime() - days * 24 * HOUR_MS), previousTo: from, bucket: days <= 2 ? 'hour' : 'day' };
}

async function analyticsFor(db: Db, w: Span & { bucket: 'hour' | 'day' }, toolId: string | null): Promise<ToolAnalytics> {
  const toolSpan = { ...w, toolId };
  const [tools, series, errors, callers] = await Promise.all([
    toolHealthRows(db, w, toolId),
    toolSeries(db, toolSpan, w.bucket, 'UTC'),
    toolErrors(db, toolSpan, TOP),
    toolCallers(db, toolSpan, TOP),
  ]);
  const current = tools.filter((t) => t.calls > 0);
  const sum = (k: 'calls' | 'errors' | 'workflow_calls' | 'failed_cases') => current.reduce((s, t) => s + t[k], 0);
  const calls = sum('calls');
  const errorCount = sum('errors');
  // Percentiles over every tool: the series' histograms added up.
  const hist = sumHistograms(series.map((b) => b.hist));
  return {
    tool_id: toolId,
    from: w.from.toISOString(),
    to: w.to.toISOString(),
    bucket: w.bucket,
    calls,
    successes: calls - errorCount,
    errors: errorCount,
    error_rate: calls === 0 ? 0 : Math.round((errorCount / calls) * 10_000) / 10_000,
    latency_ms: { p50: percentileMs(hist, 0.5), p95: percentileMs(hist, 0.95), p99: percentileMs(hist, 0.99) },
    workflow_calls: sum('workflow_calls'),
    failed_cases: sum('failed_cases'),
    over_time: series
      .filter((b) => b.calls > 0)
      .map((b) => ({ at: b.at.toISOString(), calls: b.calls, errors: b.errors, p50: percentileMs(b.hist, 0.5), p95: percentileMs(b.hist, 0.95) })),
    top_errors: errors,
    top_callers: callers.map((c) => ({ caller_type: c.caller_type, caller_id: c.caller_key || null, caller_name: c.caller_name, calls: c.calls })),
    ...(toolId
      ? {}
      : {
          // Busiest first (the page's table), however the health ranking orders them.
          per_tool: [...current]
            .sort((a, b) => b.calls - a.calls || (a.name ?? '').localeCompare(b.name ?? ''))
            .map((t) => ({
              tool_id: t.tool_id,
              tool_name: t.name,
              calls: t.calls,
              errors: t.errors,
              error_rate: t.error_rate ?? 0,
              p50: t.p50_ms,
              p95: t.p95_ms,
              p99: t.p99_ms,
              workflow_calls: t.workflow_calls,
              failed_cases: t.failed_cases,
            })),
        }),
  };
}

/** `GET /admin/tools/{id}/analytics`. */
export async function toolAnalytics(db: Db, auth: AuthContext, id: string, days: number) {
  const tool = await getVisibleTool(db, auth, id);
  return analyticsFor(db, windowOf(days, tool.organization_id), tool.id);
}

/** `GET /admin/tools/analytics`: every tool of the organization (all organizations for a super admin without one chosen). */
export async function organizationToolAnalytics(db: Db, auth: AuthContext, days: number) {
  return analyticsFor(db, windowOf(days, listScope(auth)), null);
}
