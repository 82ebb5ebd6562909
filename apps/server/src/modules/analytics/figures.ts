/** Small pure helpers that turn rollup sums into the figures the analytics answer (rates, percentiles, totals). */
import type { ApplicationTotals, ReviewRole } from '@admin-portal/contract/analytics/api';
import type { StoredGraph } from '../workflows/workflow-graph.queries.ts';
import type { FlowRow, OpenCaseRow, OpenReviewRow, ReviewRow } from './analytics.queries.ts';
import { addHistograms, percentileOf } from './duration-histogram.ts';

/** a ÷ b to four decimals; null when b is 0. */
export const rate = (a: number, b: number): number | null => (b > 0 ? Math.round((a / b) * 10_000) / 10_000 : null);

/** A percentile of a duration histogram in whole milliseconds (null when empty). */
export const percentileMs = (hist: readonly number[], p: number): number | null => {
  const v = percentileOf(hist, p);
  return v === null ? null : Math.round(v);
};

export const sumHistograms = (hists: readonly (readonly number[])[]): number[] => hists.reduce<number[]>((acc, h) => addHistograms(acc, h), []);

export function applicationTotals(flow: FlowRow, decisionHist: readonly number[]): ApplicationTotals {
  return {
    ...flow,
    approval_rate: rate(flow.approved, flow.approved + flow.rejected),
    failure_rate: rate(flow.failed, flow.completed + flow.failed + flow.cancelled),
    decision_p50_ms: percentileMs(decisionHist, 0.5),
    decision_p90_ms: percentileMs(decisionHist, 0.9),
  };
}

export const ZERO_FLOW: FlowRow = { started: 0, completed: 0, approved: 0, rejected: 0, failed: 0, cancelled: 0 };

/** Open cases counted by what they do now. */
export function openCaseCounts(rows: readonly OpenCaseRow[]) {
  const out = { total: 0, running: 0, waiting_form: 0, waiting_review: 0, waiting_delay: 0, waiting_retry: 0 };
  for (const r of rows) {
    out.total += r.n;
    if (r.status !== 'waiting') out.running += r.n;
    else if (r.waiting_for === 'form') out.waiting_form += r.n;
    else if (r.waiting_for === 'approval') out.waiting_review += r.n;
    else if (r.waiting_for === 'delay') out.waiting_delay += r.n;
    else out.waiting_retry += r.n;
  }
  return out;
}

/** Review figures per assignee role: what is open now beside what was decided in the period. */
export function reviewByRole(decided: readonly ReviewRow[], open: readonly OpenReviewRow[]): (ReviewRole & { hist: number[] })[] {
  const roles = new Map<string, ReviewRole & { hist: number[] }>();
  const role = (name: string) => {
    let r = roles.get(name);
    if (!r) {
      r = {
        assignee_role: name,
        open: 0,
        overdue: 0,
        oldest_created_at: null,
        decided: 0,
        breached: 0,
        breach_rate: null,
        wait_p50_ms: null,
        wait_p90_ms: null,
        hist: [],
      };
      roles.set(name, r);
    }
    return r;
  };
  for (const o of open) {
    const r = role(o.assignee_role);
    r.open += o.open;
    r.overdue += o.overdue;
    const oldest = o.oldest_created_at?.toISOString() ?? null;
    if (oldest && (!r.oldest_created_at || oldest < r.oldest_created_at)) r.oldest_created_at = oldest;
  }
  for (const d of decided) {
    const r = role(d.assignee_role);
    r.decided += d.decided;
    r.breached += d.breached;
    r.hist = addHistograms(r.hist, d.hist);
  }
  for (const r of roles.values()) {
    r.breach_rate = rate(r.breached, r.decided);
    r.wait_p50_ms = percentileMs(r.hist, 0.5);
    r.wait_p90_ms = percentileMs(r.hist, 0.9);
  }
  return [...roles.values()].sort(
    (a, b) => b.overdue - a.overdue || b.open - a.open || b.decided - a.decided || a.assignee_role.localeCompare(b.assignee_role),
  );
}

export const withoutHist = <T extends { hist: number[] }>({ hist: _hist, ...rest }: T): Omit<T, 'hist'> => rest;

/**
 * Each step's distance from the start (breadth first along the connections), so a funnel reads in the order cases
 * move; steps no path reaches come after, in document order.
 */
export function stepDepths(graph: StoredGraph): Map<string, number> {
  const depth = new Map<string, number>();
  const start = graph.steps.find((s) => s.type === 'start') ?? graph.steps[0];
  if (!start) return depth;
  const next = new Map<string, string[]>();
  for (const c of graph.connections) next.set(c.source, [...(next.get(c.source) ?? []), c.target]);
  depth.set(start.id, 0);
  const queue = [start.id];
  while (queue.length > 0) {
    const id = queue.shift()!;
    for (const target of next.get(id) ?? []) {
      if (depth.has(target)) continue;
      depth.set(target, depth.get(id)! + 1);
      queue.push(target);
    }
  }
  let last = Math.max(0, ...depth.values());
  for (const s of graph.steps) if (!depth.has(s.id)) depth.set(s.id, ++last);
  return depth;
}

/** Steps of the graph in funnel order. */
export function stepsInOrder(graph: StoredGraph) {
  const depth = stepDepths(graph);
  const index = new Map(graph.steps.map((s, i) => [s.id, i]));
  return [...graph.steps]
    .sort((a, b) => depth.get(a.id)! - depth.get(b.id)! || index.get(a.id)! - index.get(b.id)!)
    .map((s) => ({ ...s, depth: depth.get(s.id)! }));
}

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
export { plural };

/** "3 days 4 hours", "5 hours 10 minutes", "12 minutes", "40 seconds". */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  if (days > 0) return hours > 0 ? `${plural(days, 'day')} ${plural(hours, 'hour')}` : plural(days, 'day');
  if (hours > 0) return minutes > 0 ? `${plural(hours, 'hour')} ${plural(minutes, 'minute')}` : plural(hours, 'hour');
  if (minutes > 0) return plural(minutes, 'minute');
  return plural(s, 'second');
}

export const formatPercent = (r: number | null): string => (r === null ? '—' : `${Math.round(r * 1000) / 10} %`);
