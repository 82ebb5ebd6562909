import type { Queryable } from '../db/client.ts';

/** One hit's verdict: allowed, or over the limit with the seconds until the window ends (for Retry-After). */
export interface RateLimitVerdict {
  allowed: boolean;
  retryAfterSeconds: number;
}

/** Fixed-window counters per key (DESIGN §4: sign-in is rate limited per address; intake per API key). */
export interface RateLimiter {
  /** Counts a hit on `key`; `limit` hits per window are allowed (0: no limit). */
  hit(key: string, limit: number): Promise<RateLimitVerdict>;
}

const ALLOWED: RateLimitVerdict = { allowed: true, retryAfterSeconds: 0 };

/** Counters in this process's memory: exact for the embedded database, which only one process opens. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly windowMs: number;
  constructor(windowMs: number) {
    this.windowMs = windowMs;
  }

  async hit(key: string, limit: number, now = Date.now()): Promise<RateLimitVerdict> {
    if (limit === 0) return ALLOWED;
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      if (this.windows.size > 10_000) this.prune(now);
      w = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, w);
    }
    w.count += 1;
    return w.count <= limit ? ALLOWED : { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((w.resetAt - now) / 1000)) };
  }

  private prune(now: number) {
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
  }
}

/**
 * Counters in the database (`rate_limit_counters`), so N processes on one PostgreSQL allow the limit once, not N
 * times. Windows are aligned on the database's clock, so every process counts into the same row; a hit is one
 * upsert. Windows that ended are deleted by whichever process notices first, about once a minute.
 */
export class SharedRateLimiter implements RateLimiter {
  private readonly db: Queryable;
  private readonly windowSeconds: number;
  private readonly scope: string;
  private lastPrune = 0;
  /** `scope` keeps limiters apart in the one table (e.g. 'login', 'intake'). */
  constructor(db: Queryable, scope: string, windowMs: number) {
    this.db = db;
    this.scope = scope;
    this.windowSeconds = Math.max(1, Math.round(windowMs / 1000));
  }

  async hit(key: string, limit: number): Promise<RateLimitVerdict> {
    if (limit === 0) return ALLOWED;
    const res = await this.db.query<{ hits: number; seconds_left: number }>(
      `insert into rate_limit_counters (key, window_start, hits)
       values ($1, to_timestamp(floor(extract(epoch from clock_timestamp()) / $2) * $2), 1)
       on conflict (key, window_start) do update set hits = rate_limit_counters.hits + 1
       returning hits, extract(epoch from rate_limit_counters.window_start + make_interval(secs => $2) - clock_timestamp())::float8 as seconds_left`,
      [`${this.scope}:${key}`, this.windowSeconds],
    );
    if (Date.now() - this.lastPrune > 60_000) {
      this.lastPrune = Date.now();
      void this.db
        .query(`delete from rate_limit_counters where window_start < now() - make_interval(secs => $1)`, [this.windowSeconds * 2])
        .catch(() => undefined);
    }
    const { hits, seconds_left: left } = res.rows[0]!;
    return hits <= limit ? ALLOWED : { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(left)) };
  }
}

/** The limiter that is exact for this database: shared counters on PostgreSQL (several processes), memory on PGlite. */
export function rateLimiterFor(db: Queryable & { kind: 'pglite' | 'postgres' }, scope: string, windowMs: number): RateLimiter {
  return db.kind === 'postgres' ? new SharedRateLimiter(db, scope, windowMs) : new MemoryRateLimiter(windowMs);
}
