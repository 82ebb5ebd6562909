/**
 * This app's Prometheus registry (one per app: tests build many apps in one process): request latency by route
 * pattern, method and status class; 4xx/5xx counts; the job queue and database connections read when scraped, step
 * outcomes as counted, live event streams (added by the stream's routes); and Node's process metrics.
 */
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { jobQueueByKind, type JobQueueRow } from './metrics.queries.ts';
import type { StepOutcomeMetrics } from './step-metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Registry;
  }
}

/** Requests that matched no route share one label, so unknown URLs cannot grow the series without bound. */
export const UNMATCHED_ROUTE = 'unmatched';

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function statusClass(statusCode: number): string {
  return `${Math.floor(statusCode / 100)}xx`;
}

/**
 * Builds the registry, decorates the app with it (`app.metrics`) and times every request. The runtime's step outcomes
 * are counted where steps run (`steps`, the engine's metrics port); other modules add their own metrics to `app.metrics`.
 */
export function registerRequestMetrics(app: FastifyInstance, steps: StepOutcomeMetrics): void {
  const registry = new Registry();
  const registers = [registry];
  const db = app.db;
  collectDefaultMetrics({ register: registry });

  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern, method and status class (its _count is the request count)',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const errors = new Counter({
    name: 'http_request_errors_total',
    help: 'HTTP requests answered with a 4xx or 5xx status, by route pattern, method and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    registers,
  });

  // The four queue gauges are collected together at each scrape: they share one read of the queue.
  let reading: Promise<JobQueueRow[]> | null = null;
  const queueNow = () => (reading ??= jobQueueByKind(db).finally(() => (reading = null)));
  const jobGauge = (name: string, help: string, value: (row: JobQueueRow) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['kind'] as const,
      registers,
      async collect() {
        const rows = await queueNow();
        this.reset();
        for (const row of rows) this.set({ kind: row.kind }, value(row));
      },
    });
  jobGauge('portal_jobs_queued', 'Jobs waiting in the queue (due now or later), by kind', (row) => row.queued);
  jobGauge('portal_jobs_due', 'Queued jobs whose time has come, by kind', (row) => row.due);
  jobGauge('portal_jobs_running', 'Jobs held by a worker, by kind', (row) => row.running);
  jobGauge('portal_jobs_oldest_due_age_seconds', 'How long the oldest due job has waited for a worker, by kind (0: none due)', (row) =>
    Math.max(0, row.oldest_due_age ?? 0),
  );

  registry.registerMetric(steps.counter);
  new Gauge({
    name: 'portal_db_pool_connections',
    help: 'Database connections of this process by state: total, idle, and waiting (callers queued for one); the embedded database has one',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const stats = db.poolStats();
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });

  app.decorate('metrics', registry);
  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? UNMATCHED_ROUTE, status_class: statusClass(reply.statusCode) };
    duration.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode >= 400) errors.inc(labels);
  });
}
