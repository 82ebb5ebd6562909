/**
 * How the tools behave, from the hourly tool-call rollups: calls, errors and latency per tool for a period and the
 * one before, with the calls workflows made and the cases that failed at a step calling the tool. Shared by the
 * dashboard, the analytics overview, the insights and Tool Analytics.
 */
import type { ToolHealth } from '@admin-portal/contract/analytics/api';
import type { Db } from '../../db/client.ts';
import { failedCasesPerTool, toolFigures, type Span } from './analytics.queries.ts';
import { percentileMs, rate } from './figures.ts';

/** Per tool; with a workflow in the span, only the calls of that workflow's cases. */
export async function toolHealthRows(db: Db, span: Span, toolId: string | null = null): Promise<ToolHealth[]> {
  const [rows, failed] = await Promise.all([toolFigures(db, { ...span, toolId, callerWorkflowId: span.workflowId ?? null }), failedCasesPerTool(db, span)]);
  return rows
    .filter((r) => r.calls > 0 || r.prev_calls > 0)
    .map((r) => ({
      tool_id: r.tool_id,
      name: r.name,
      calls: r.calls,
      errors: r.errors,
      error_rate: rate(r.errors, r.calls),
      p50_ms: percentileMs(r.hist, 0.5),
      p95_ms: percentileMs(r.hist, 0.95),
      p99_ms: percentileMs(r.hist, 0.99),
      workflow_calls: r.workflow_calls,
      failed_cases: failed.get(r.tool_id) ?? 0,
      previous_calls: r.prev_calls,
      previous_errors: r.prev_errors,
    }))
    .sort((a, b) => b.failed_cases - a.failed_cases || b.errors - a.errors || b.calls - a.calls || (a.name ?? '').localeCompare(b.name ?? ''));
}

/** Totals over every tool, and the tools themselves (the first `limit`, worst first; all when null). */
export async function toolHealth(db: Db, scoped: { span: Span }, limit: number | null) {
  const tools = await toolHealthRows(db, scoped.span);
  const sum = (k: 'calls' | 'errors' | 'previous_calls' | 'previous_errors') => tools.reduce((s, t) => s + t[k], 0);
  return {
    calls: sum('calls'),
    errors: sum('errors'),
    error_rate: rate(sum('errors'), sum('calls')),
    previous_calls: sum('previous_calls'),
    previous_errors: sum('previous_errors'),
    tools: limit === null ? tools : tools.slice(0, limit),
  };
}
