/**
 * Two server processes on one PostgreSQL behind a small round-robin client (each call goes to the next process, as a
 * load balancer would send them): signing in, the lockout, signing out, the sign-in rate limit per address, and a
 * settings change all hold across them. The runtime and the stream across two processes are in
 * engine/runtime.process.test.ts. PostgreSQL run only (the embedded database is one process by design).
 */
import { describe, expect, it } from 'vitest';
import { failedAttemptsWait } from '@admin-portal/contract/messages';
import { ADMIN, PG_URL, processEnv, startServer, stopProcessesAfterEach, type Server } from './test/server-process.ts';

stopProcessesAfterEach();

/** Sends each call to the next process in turn; answers the status, the JSON body and which process answered. */
class RoundRobin {
  private next = 0;
  private readonly servers: readonly Server[];
  constructor(servers: readonly Server[]) {
    this.servers = servers;
  }

  async call(method: string, url: string, token: string | null, body?: unknown): Promise<{ status: number; json: Record<string, unknown>; via: number }> {
    const via = this.next;
    this.next = (this.next + 1) % this.servers.length;
    const res = await fetch(`${this.servers[via]!.base}${url}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {}, via };
  }
}

describe.skipIf(!PG_URL)('two processes on one PostgreSQL behind a round-robin client', () => {
  it('sign-in, lockout, sign-out, the per-address rate limit and settings hold across both', { timeout: 120_000 }, async () => {
    const LIMIT = 20;
    const env = { ...(await processEnv()), LOGIN_RATE_LIMIT: String(LIMIT) };
    const servers = [await startServer(env), await startServer(env)];
    const rr = new RoundRobin(servers);

    // A fixed window of the rate limit must not end in the middle of this test: start early in a minute.
    const secondsIntoMinute = new Date().getUTCSeconds();
    if (secondsIntoMinute > 30) await new Promise((r) => setTimeout(r, (61 - secondsIntoMinute) * 1000));
    let attempts = 0;
    const login = async (email: string, password: string) => {
      attempts += 1;
      return rr.call('POST', '/api/auth/login', null, { email, password });
    };

    // Signed in through one process, the token works on the other; so does its refresh.
    const admin = await login(ADMIN.email, ADMIN.password);
    expect(admin.status).toBe(200);
    const token = admin.json.access_token as string;
    const me = await rr.call('GET', '/api/auth/me', token);
    expect(me).toMatchObject({ status: 200, via: 1 });

    // Five wrong passwords, alternating between the processes, make the next try from this address wait on both.
    const user = await rr.call('POST', '/api/admin/users', token, {
      email: 'spread@scale.example',
      password: 'Spread-Password-42',
      first_name: 'Spread',
      last_name: 'Out',
      role: 'viewer',
    });
    expect(user.status).toBe(201);
    const failures = [];
    for (let i = 0; i < 5; i++) failures.push(await login('spread@scale.example', 'Wrong-Password-42'));
    expect(new Set(failures.map((f) => f.via)).size).toBe(2);
    expect(failures.map((f) => f.status)).toEqual([401, 401, 401, 401, 401]);
    const waiting = await login('spread@scale.example', 'Spread-Password-42');
    expect(waiting).toMatchObject({ status: 429, json: { detail: failedAttemptsWait(1) } });
    expect(waiting.via).not.toBe(failures[4]!.via);

    // Signed out on one process, the token is refused on the other at once.
    const second = await login(ADMIN.email, ADMIN.password);
    expect(second.status).toBe(200);
    const out = await rr.call('POST', '/api/auth/logout', second.json.access_token as string, { refresh_token: second.json.refresh_token });
    expect(out.status).toBe(200);
    expect((await rr.call('GET', '/api/auth/me', second.json.access_token as string)).status).toBe(401);

    // A settings change through one process applies on the other at once (the shell's product name).
    expect((await rr.call('PUT', '/api/admin/system/settings', token, { product_name: 'Two Process Desk' })).status).toBe(200);
    const deadline = Date.now() + 3_000;
    const seen = new Set<number>();
    while (seen.size < 2 && Date.now() < deadline) {
      const branding = await rr.call('GET', '/api/system/branding', token);
      if (branding.json.product_name === 'Two Process Desk') seen.add(branding.via);
    }
    expect([...seen].sort()).toEqual([0, 1]);

    // The sign-in limit per address is counted once for both processes: the attempts so far count, and the rest of
    // the minute's allowance is used up wherever it lands; then both refuse with Retry-After. Each try names another
    // unknown e-mail, so the wait after five failures for one e-mail does not answer first.
    const statuses: number[] = [];
    const nobody = () => login(`nobody-${attempts}@scale.example`, 'Nobody-Password-42');
    while (attempts < LIMIT) statuses.push((await nobody()).status);
    expect(statuses.every((s) => s === 401)).toBe(true);
    const over = [await nobody(), await nobody()];
    expect(over.map((o) => [o.via, o.status]).sort()).toEqual([
      [0, 429],
      [1, 429],
    ]);
  });
});
