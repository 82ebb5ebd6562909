/** The kept state of each organization's live demo traffic (one row per organization), and who runs it (a lease). */
import type { Queryable } from '../../db/client.ts';

export interface DemoTrafficRun {
  organization_id: string;
  enabled: boolean;
  per_minute: number;
  api_key_id: string | null;
  api_key_secret: string | null;
  since: Date | string | null;
  started: number;
  forms_answered: number;
}

/** The organization's run, locked for the rest of the transaction when `lock`. */
export async function findRun(db: Queryable, organizationId: string, lock = false): Promise<DemoTrafficRun | null> {
  const res = await db.query<DemoTrafficRun>(`select * from demo_traffic_runs where organization_id = $1${lock ? ' for update' : ''}`, [organizationId]);
  return res.rows[0] ?? null;
}

/** Switches the run off: no owner, and the key's secret forgotten. */
export async function switchRunOff(db: Queryable, organizationId: string): Promise<void> {
  await db.query(`update demo_traffic_runs set enabled = false, owner = null, lease_until = null, api_key_secret = null where organization_id = $1`, [
    organizationId,
  ]);
}

/** The organization's row, made when it has none (to lock it). */
export async function ensureRunRow(db: Queryable, organizationId: string): Promise<void> {
  await db.query(`insert into demo_traffic_runs (organization_id) values ($1) on conflict (organization_id) do nothing`, [organizationId]);
}

/** Switches the run on with its key, counts from zero, and leases it to `owner` for `leaseSeconds`. */
export async function switchRunOn(
  db: Queryable,
  organizationId: string,
  run: { perMinute: number; apiKeyId: string; apiKeySecret: string; owner: string; leaseSeconds: number },
): Promise<DemoTrafficRun> {
  const res = await db.query<DemoTrafficRun>(
    `update demo_traffic_runs set enabled = true, per_minute = $2, api_key_id = $3, api_key_secret = $4, since = now(),
                  started = 0, forms_answered = 0, owner = $5, lease_until = now() + $6::interval
           where organization_id = $1 returning *`,
    [organizationId, run.perMinute, run.apiKeyId, run.apiKeySecret, run.owner, `${run.leaseSeconds} seconds`],
  );
  return res.rows[0]!;
}

/** The organization's active workflows, which the traffic starts cases of. */
export async function activeWorkflowIds(db: Queryable, organizationId: string): Promise<string[]> {
  const res = await db.query<{ id: string }>(`select id from workflows where organization_id = $1 and status = 'active'`, [organizationId]);
  return res.rows.map((w) => w.id);
}

const COUNTERS = {
  started: `update demo_traffic_runs set started = started + 1 where organization_id = $1 and enabled`,
  forms_answered: `update demo_traffic_runs set forms_answered = forms_answered + 1 where organization_id = $1 and enabled`,
};

/** Counts one more case started, or form answered, while the run is on. */
export async function countTraffic(db: Queryable, organizationId: string, what: keyof typeof COUNTERS): Promise<void> {
  await db.query(COUNTERS[what], [organizationId]);
}

/** Renews `owner`'s leases for `leaseSeconds`; answers the organizations it still runs. */
export async function renewLeases(db: Queryable, owner: string, leaseSeconds: number): Promise<string[]> {
  const res = await db.query<{ organization_id: string }>(
    `update demo_traffic_runs set lease_until = now() + $2::interval where owner = $1 and enabled returning organization_id`,
    [owner, `${leaseSeconds} seconds`],
  );
  return res.rows.map((r) => r.organization_id);
}

/** Takes over the runs that are on and that nobody holds (or whose lease ran out); answers them. */
export async function claimLeftRuns(db: Queryable, owner: string, leaseSeconds: number): Promise<DemoTrafficRun[]> {
  const res = await db.query<DemoTrafficRun>(
    `update demo_traffic_runs set owner = $1, lease_until = now() + $2::interval
       where organization_id in (select organization_id from demo_traffic_runs
                                 where enabled and (owner is null or lease_until is null or lease_until < now())
                                 for update skip locked)
       returning *`,
    [owner, `${leaseSeconds} seconds`],
  );
  return res.rows;
}

/** Lets go of every lease `owner` holds; answers how many. */
export async function releaseLeases(db: Queryable, owner: string): Promise<number> {
  const res = await db.query(`update demo_traffic_runs set owner = null, lease_until = null where owner = $1`, [owner]);
  return res.rowCount;
}
