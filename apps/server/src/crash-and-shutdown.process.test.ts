/**
 * The server as a real process under the two ways it stops. SIGKILL in the middle of 1,000 concurrent writes
 * (users, workflows, applications): after a restart every acknowledged write is there, every case finishes and
 * each of its steps ran once; on the embedded database the killed process's lock file is left behind and does not
 * block the restart. SIGTERM: new requests are refused, steps in progress finish, no job stays leased, open streams
 * get a last `closing` event with a retry hint, and the process exits 0. Runs on the embedded database, and on
 * PostgreSQL in the PostgreSQL run (TEST_DATABASE_URL).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb, type Db } from './db/client.ts';
import {
  ADMIN,
  call,
  expectEachStepOnce,
  PG_URL,
  prepare,
  processEnv,
  readStream,
  startServer,
  step,
  stopProcessesAfterEach,
  waitAllCompleted,
  type Server,
} from './test/server-process.ts';

stopProcessesAfterEach();

const servers: http.Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

/** The database the server used, opened by the test (on the embedded database only once the server has stopped). */
const openDb = (env: Record<string, string>): Promise<Db> => createDb(PG_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR });

describe('SIGKILL during 1,000 concurrent writes', () => {
  it('keeps every acknowledged write, finishes the cases in flight with each step once, and restarts past the stale lock', { timeout: 240_000 }, async () => {
    const env = await processEnv();
    const first = await startServer(env);
    const { token, key, workflowId } = await prepare(first.base);

    const TOTAL = 1_000;
    const CONCURRENCY = 50;
    /** The kill comes once this many writes were acknowledged, with CONCURRENCY more in flight. */
    const KILL_AFTER = 400;
    const acked = { users: [] as string[], workflows: [] as string[], applications: [] as string[] };
    const ackedCount = () => acked.users.length + acked.workflows.length + acked.applications.length;
    let issued = 0;
    let failed = 0;
    let killed = false;
    const write = async (n: number) => {
      const base = first.base;
      try {
        if (n % 3 === 0) {
          const user = await call<{ id: string }>(base, 'POST', '/api/admin/users', token, {
            email: `crash.${n}@crash.example`,
            password: 'Crash-Test-Password-42',
            first_name: 'Crash',
            last_name: `User ${n}`,
            role: 'viewer',
          });
          acked.users.push(user.id);
        } else if (n % 3 === 1) {
          const wf = await call<{ id: string }>(base, 'POST', '/api/admin/workflows', token, {
            name: `Crash workflow ${n}`,
            description: 'Written while the server is killed',
          });
          acked.workflows.push(wf.id);
        } else {
          const app = await call<{ id: string }>(base, 'POST', '/api/public/v1/applications', key, {
            workflow_id: workflowId,
            applicant: { name: `Applicant ${n}` },
            data: { n },
          });
          acked.applications.push(app.id);
        }
      } catch {
        failed += 1; // not acknowledged: the process died under it (it may or may not have been committed)
      }
      if (!killed && ackedCount() >= KILL_AFTER) {
        killed = true;
        first.child.kill('SIGKILL');
      }
    };
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (issued < TOTAL) await write(issued++);
      }),
    );
    await first.exited;
    expect(killed).toBe(true);
    expect(ackedCount()).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(failed).toBeGreaterThan(0);
    expect(acked.users.length * acked.workflows.length * acked.applications.length).toBeGreaterThan(0);
    if (!PG_URL) expect(fs.existsSync(path.join(env.DATA_DIR!, 'portal.lock')), 'the killed process left its lock').toBe(true);

    const restartStarted = performance.now();
    const second = await startServer(env);
    // For the record (never asserted): what the kill interrupted, and how long the restart took.
    console.info(
      `SIGKILL after ${ackedCount()} acknowledged writes (${acked.users.length} users, ${acked.workflows.length} workflows, ${acked.applications.length} applications), ` +
        `${failed} not acknowledged; ready again in ${((performance.now() - restartStarted) / 1000).toFixed(1)} s on ${PG_URL ? 'PostgreSQL' : 'the embedded database'}`,
    );
    if (PG_URL) {
      const db = await openDb(env);
      try {
        await expectAllThere(db, acked);
        await waitAllCompleted(db, acked.applications);
        await expectEachStepOnce(db, acked.applications);
      } finally {
        await db.close();
      }
      await stop(second);
    } else {
      // The embedded database is the server's alone: wait through its API, then read the files once it stopped.
      const { access_token: token2 } = await call<{ access_token: string }>(second.base, 'POST', '/api/auth/login', null, ADMIN);
      const deadline = Date.now() + 90_000;
      for (;;) {
        const list = await call<{ items: { id: string }[] }>(
          second.base,
          'GET',
          `/api/admin/applications?workflow_id=${workflowId}&status=completed&limit=200`,
          token2,
        );
        const done = new Set(list.items.map((i) => i.id));
        if (acked.applications.every((id) => done.has(id))) break;
        if (Date.now() > deadline) throw new Error(`only ${done.size} of ${acked.applications.length} acknowledged cases completed`);
        await new Promise((r) => setTimeout(r, 250));
      }
      await stop(second);
      expect(fs.existsSync(path.join(env.DATA_DIR!, 'portal.lock')), 'a clean stop removes the lock').toBe(false);
      const db = await openDb(env);
      try {
        await expectAllThere(db, acked);
        await expectEachStepOnce(db, acked.applications);
      } finally {
        await db.close();
      }
    }
  });
});

describe('SIGTERM', () => {
  it(
    'refuses new requests, finishes the steps in progress, leaves no job leased, closes streams with a retry hint and exits 0',
    { timeout: 120_000 },
    async () => {
      // A tool that answers after 1.5 s, so steps are in progress when the signal comes.
      const hits: string[] = [];
      const slow = http.createServer((req, res) => {
        hits.push(req.url ?? '');
        setTimeout(() => {
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify({ ok: true }));
        }, 1_500);
      });
      servers.push(slow);
      await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
      const toolPort = (slow.address() as AddressInfo).port;

      const env = { ...(await processEnv()), TOOL_ALLOWED_HOSTS: `127.0.0.1:${toolPort}` };
      const server = await startServer(env);
      const { access_token: token } = await call<{ access_token: string }>(server.base, 'POST', '/api/auth/login', null, ADMIN);
      const tool = await call<{ id: string; name: string }>(server.base, 'POST', '/api/admin/tools', token, {
        name: 'slow_check',
        description: 'A check that takes a while',
        tool_type: 'http_request',
        config: {
          method: 'GET',
          url: `http://127.0.0.1:${toolPort}/check/{{input.n}}`,
          headers: {},
          query: {},
          body_template: '',
          timeout_ms: 10_000,
          retries: 0,
          max_response_bytes: 65_536,
          result_path: '',
        },
        input_schema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
      });
      await call(server.base, 'PUT', `/api/admin/tools/${tool.id}`, token, { status: 'pending_approval' });
      await call(server.base, 'POST', `/api/admin/tools/${tool.id}/approve`, token, { action: 'approve', comment: 'test' });
      const { key } = await call<{ key: string }>(server.base, 'POST', '/api/admin/api-keys', token, { name: 'Shutdown test', scopes: ['intake'] });
      const wf = await call<{ id: string }>(server.base, 'POST', '/api/admin/workflows/complete', token, {
        name: 'Slow check',
        status: 'active',
        graph: {
          steps: [
            step('start', 'start', { trigger: 'api', required_fields: [] }),
            step('check', 'tool', { tool_name: tool.name, input_mapping: { n: 'data.n' }, output_field: 'checked' }),
            step('end', 'end', { outcome: 'completed' }),
          ],
          connections: [
            { source: 'start', target: 'check' },
            { source: 'check', target: 'end' },
          ],
        },
      });

      const stream = await fetch(`${server.base}/api/admin/applications/stream?workflow_id=${wf.id}`, {
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      });
      expect(stream.status).toBe(200);
      const reading = readStream(stream);
      const ids: string[] = [];
      for (let n = 0; n < 4; n++) {
        ids.push(
          (
            await call<{ id: string }>(server.base, 'POST', '/api/public/v1/applications', key, {
              workflow_id: wf.id,
              applicant: { name: `Applicant ${n}` },
              data: { n },
            })
          ).id,
        );
      }
      const deadline = Date.now() + 20_000;
      while (hits.length < 4 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(hits).toHaveLength(4); // four steps are waiting on the tool

      server.child.kill('SIGTERM');
      // The stream ends first (the server is closing by then): a request now is refused, or answered 503.
      await reading.ended;
      const late = await fetch(`${server.base}/api/health`).then(
        (res) => res.status,
        () => 'refused',
      );
      expect([503, 'refused']).toContain(late);
      expect(reading.text()).toMatch(/event: closing\ndata: \{"reason":"server_shutdown"\}\n(id: .*\n)?retry: 2000\n/);
      expect(await server.exited).toBe(0);
      expect(server.output()).not.toContain('shutdown took over');

      const db = await openDb(env);
      try {
        const steps = await db.query<{ status: string; n: number }>(
          `select status, count(*)::int as n from application_steps where application_id = any($1::uuid[]) and step_type = 'tool' group by status`,
          [ids],
        );
        expect(steps.rows).toEqual([{ status: 'completed', n: 4 }]);
        const leased = await db.query<{ n: number }>(`select count(*)::int as n from jobs where status = 'running'`);
        expect(leased.rows[0]!.n).toBe(0);
      } finally {
        await db.close();
      }
      // Started again, the cases finish without calling the tool a second time.
      const again = await startServer(env);
      if (PG_URL) {
        const db2 = await openDb(env);
        try {
          await waitAllCompleted(db2, ids);
        } finally {
          await db2.close();
        }
      } else {
        const { access_token: token2 } = await call<{ access_token: string }>(again.base, 'POST', '/api/auth/login', null, ADMIN);
        const until = Date.now() + 30_000;
        for (;;) {
          const list = await call<{ items: unknown[] }>(again.base, 'GET', `/api/admin/applications?workflow_id=${wf.id}&status=completed`, token2);
          if (list.items.length === ids.length) break;
          if (Date.now() > until) throw new Error(`only ${list.items.length} of ${ids.length} completed`);
          await new Promise((r) => setTimeout(r, 200));
        }
      }
      await stop(again);
      expect(hits).toHaveLength(4);
    },
  );
});

async function stop(server: Server): Promise<void> {
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
}

async function expectAllThere(db: Db, acked: { users: string[]; workflows: string[]; applications: string[] }): Promise<void> {
  const count = async (table: string, ids: string[]) =>
    (await db.query<{ n: number }>(`select count(*)::int as n from ${table} where id = any($1::uuid[])`, [ids])).rows[0]!.n;
  expect(await count('users', acked.users)).toBe(acked.users.length);
  expect(await count('workflows', acked.workflows)).toBe(acked.workflows.length);
  expect(await count('applications', acked.applications)).toBe(acked.applications.length);
}
