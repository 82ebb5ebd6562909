/** Fixed-window counter per key, kept in this process (DESIGN §4: login is rate limited per address). */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly limit: number | (() => number);
  private readonly windowMs: number;
  /** `limit`: hits per window (0: no limit), or a function read on every hit (a limit the settings can change). */
  constructor(limit: number | (() => number), windowMs: number) {
    this.limit = limit;
    this.windowMs = windowMs;
  }

  /** Counts a hit; returns false when the key is over its limit (`limit` here, else the limiter's) for the current window. */
  hit(key: string, now = Date.now(), limit = typeof this.limit === 'number' ? this.limit : this.limit()): boolean {
    if (limit === 0) return true;
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      if (this.windows.size > 10_000) this.prune(now);
      w = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, w);
    }
    w.count += 1;
    return w.count <= limit;
  }

  retryAfterSeconds(key: string, now = Date.now()): number {
    const w = this.windows.get(key);
    return w ? Math.max(1, Math.ceil((w.resetAt - now) / 1000)) : 1;
  }

  private prune(now: number) {
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
  }
}
