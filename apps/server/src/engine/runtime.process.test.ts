/**
 * The runtime across real server processes: killed with SIGKILL mid-run and started again, every case finishes
 * and every step ran once (on the embedded database, and on PostgreSQL in the PostgreSQL run); two processes on
 * one PostgreSQL share the work, each step once, and a stream on one process sees events made on the other.
 */
import { describe, expect, it } from 'vitest';
import { createDb } from '../db/client.ts';
import {
  ADMIN,
  call,
  expectEachStepOnce,
  freshPostgresDatabase,
  PG_URL,
  postApplications,
  prepare,
  processEnv,
  readStream,
  startServer,
  stopProcessesAfterEach,
  waitAllCompleted,
} from '../test/server-process.ts';
import { randomBytes } from 'node:crypto';

stopProcessesAfterEach();

describe('the runtime across processes', () => {
  it('finishes every case after a SIGKILL mid-run, each step once', { timeout: 120_000 }, async () => {
    const env = await processEnv();
    const first = await startServer(env);
    const { key, workflowId } = await prepare(first.base);
    const ids = await postApplications([first.base], key, workflowId, 60);
    first.child.kill('SIGKILL');
    await first.exited;

    const second = await startServer(env);
    if (PG_URL) {
      const db = await createDb({ databaseUrl: env.DATABASE_URL });
      await waitAllCompleted(db, ids);
      await expectEachStepOnce(db, ids);
      await db.close();
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    } else {
      // The embedded database is this server's alone: wait through its API, then read it after it stops.
      const { access_token: token } = await call<{ access_token: string }>(second.base, 'POST', '/api/auth/login', null, ADMIN);
      const deadline = Date.now() + 60_000;
      for (;;) {
        const list = await call<{ items: { status: string }[] }>(
          second.base,
          'GET',
          `/api/admin/applications?workflow_id=${workflowId}&status=completed&limit=200`,
          token,
        );
        if (list.items.length === ids.length) break;
        if (Date.now() > deadline) throw new Error(`only ${list.items.length} of ${ids.length} completed`);
        await new Promise((r) => setTimeout(r, 250));
      }
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
      const embedded = await createDb({ dataDir: env.DATA_DIR });
      try {
        await expectEachStepOnce(embedded, ids);
      } finally {
        await embedded.close();
      }
    }
  });

  it.skipIf(!PG_URL)('shares the work between two processes on one PostgreSQL, and streams across them', { timeout: 120_000 }, async () => {
    const env = { DATABASE_URL: await freshPostgresDatabase(), JWT_SECRET: randomBytes(32).toString('hex'), SECRET_KEY: randomBytes(32).toString('hex') };
    const a = await startServer(env);
    const b = await startServer(env);
    const { token, key, workflowId } = await prepare(a.base);

    // A stream on A, then cases made through B: A must see them.
    const abort = new AbortController();
    const stream = await fetch(`${a.base}/api/admin/applications/stream?workflow_id=${workflowId}`, {
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      signal: abort.signal,
    });
    expect(stream.status).toBe(200);
    const reading = readStream(stream);

    const viaB = await postApplications([b.base], key, workflowId, 20);
    const ids = [...viaB, ...(await postApplications([a.base, b.base], key, workflowId, 80))];
    const db = await createDb({ databaseUrl: env.DATABASE_URL });
    try {
      await waitAllCompleted(db, ids);
      await expectEachStepOnce(db, ids);
      const deadline = Date.now() + 10_000;
      while (!viaB.every((id) => reading.text().includes(id)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      for (const id of viaB) expect(reading.text(), `stream on A saw ${id} made on B`).toContain(`"application_id":"${id}"`);
    } finally {
      abort.abort();
      await reading.ended;
      await db.close();
    }
  });
});
