import type { Queryable } from '../../db/client.ts';

/** One kind of job in the queue, as the metrics report it. */
export interface JobQueueRow {
  kind: string;
  queued: number;
  due: number;
  running: number;
  oldest_due_age: number | null;
}

/** The queue by kind, in one statement over `jobs` (queued jobs, those due now, those held by a worker). */
export async function jobQueueByKind(db: Queryable): Promise<JobQueueRow[]> {
  const res = await db.query<JobQueueRow>(
    `select kind,
            count(*) filter (where status = 'queued')::int as queued,
            count(*) filter (where status = 'queued' and run_at <= now())::int as due,
            count(*) filter (where status = 'running')::int as running,
            extract(epoch from now() - min(run_at) filter (where status = 'queued' and run_at <= now()))::float8 as oldest_due_age
       from jobs group by kind`,
  );
  return res.rows;
}
