/**
 * The client package's examples (packages/client/examples), each run as its own program against a real server on
 * 127.0.0.1, as an integrator runs them; and the README shows exactly those programs.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalGraph, createTestApiKey, startTestCase, waitForCase } from '../../../apps/server/src/test/applications.factory.ts';
import { createTestContext, TEST_PASSWORD, type TestContext, type TestUser } from '../../../apps/server/src/test/harness.ts';
import { createTestWorkflow } from '../../../apps/server/src/test/workflows.factory.ts';

const root = path.resolve(import.meta.dirname, '..');
const example = (name: string) => path.join(root, 'examples', name);

/** Runs an example program with the given environment; its output lines, or the failure with what it printed. */
function run(name: string, env: Record<string, string>): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [example(name)], { env: { ...process.env, ...env }, cwd: root });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(out.trim().split('\n'));
      else reject(new Error(`${name} exited with ${code}:\n${out}\n${err}`));
    });
  });
}

let ctx: TestContext;
let admin: TestUser;
let env: Record<string, string>;
let workflowId: string;
let apiKey: string;
let organizationId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const org = await ctx.createOrg('Client Examples');
  organizationId = org.id;
  admin = await ctx.createUser('admin', org.id);
  apiKey = (await createTestApiKey(ctx.db, org.id)).key;
  workflowId = (await createTestWorkflow(ctx.db, org.id, { status: 'active', graph: approvalGraph() })).id;
  env = {
    PORTAL_URL: `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`,
    PORTAL_EMAIL: admin.email,
    PORTAL_PASSWORD: TEST_PASSWORD,
  };
});
afterAll(() => ctx?.close());

describe('the client package examples', () => {
  it('signs in, reads the profile, refreshes and signs out (sign-in.ts)', async () => {
    const lines = await run('sign-in.ts', env);
    expect(lines[0]).toBe(`signed in as ${admin.email} (admin)`);
    expect(lines[1]).toMatch(/^refreshed: the access token is good until \d{4}-\d\d-\d\dT/);
    expect(lines[2]).toBe('signed out');
  });

  it('starts an application once, however often the same request is retried (start-application.ts)', async () => {
    const lines = await run('start-application.ts', { ...env, PORTAL_API_KEY: apiKey, PORTAL_WORKFLOW_ID: workflowId });
    const [, id] = /^started ([0-9a-f-]{36}): \w+ \(HTTP 201\)$/.exec(lines[0]!) ?? [];
    expect(id, lines[0]).toBeDefined();
    expect(lines[1]).toBe(`retried: the same application ${id} (HTTP 200)`);
    const count = await ctx.db.query<{ n: number }>(`select count(*)::int as n from applications where external_ref = 'crm-10442' and organization_id = $1`, [
      organizationId,
    ]);
    expect(Number(count.rows[0]!.n)).toBe(1);
  });

  it('collects every waiting application across pages (paginate.ts)', async () => {
    const ids = await Promise.all(Array.from({ length: 3 }, () => startTestCase(ctx, workflowId, organizationId)));
    await Promise.all(ids.map((id) => waitForCase(ctx.db, id, (c) => c.status === 'waiting')));
    const waiting = await ctx.db.query<{ n: number }>(`select count(*)::int as n from applications where status = 'waiting' and organization_id = $1`, [
      organizationId,
    ]);
    expect(await run('paginate.ts', env)).toEqual([`${Number(waiting.rows[0]!.n)} applications are waiting`]);
  });

  it('follows the stream and resumes after the last event it handled (follow-stream.ts)', async () => {
    // The program hears `ready`, then the events of cases started meanwhile (one every half second until it has two).
    let finished = false;
    const first = run('follow-stream.ts', { ...env, PORTAL_EVENTS: '2' }).finally(() => (finished = true));
    while (!finished) {
      await startTestCase(ctx, workflowId, organizationId);
      await Promise.race([first.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 500))]);
    }
    const lines = await first;
    expect(lines[0]).toMatch(/ ready$/);
    const [lastId] = lines[1]!.split(' ');
    // Resumed after the second event: what came after it (the later cases' events), not the same events again.
    const resumed = await run('follow-stream.ts', { ...env, PORTAL_EVENTS: '2', PORTAL_LAST_EVENT_ID: lastId! });
    // The stream says where it resumes (`ready` carries the position), then sends only what came after it.
    expect(resumed).toHaveLength(2);
    expect(resumed[0]).toBe(`${lastId} ready`);
    expect(resumed[1]).toMatch(/ application_event$/);
    expect(resumed[1]!.split(' ')[0]).not.toBe(lastId);
  });

  it('is what the README shows', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const blocks = [...readme.matchAll(/<!-- example: (examples\/[\w-]+\.ts) -->\n\n```ts\n([\s\S]*?)```/g)];
    expect(blocks.map(([, file]) => file)).toEqual([
      'examples/sign-in.ts',
      'examples/paginate.ts',
      'examples/start-application.ts',
      'examples/follow-stream.ts',
    ]);
    for (const [, file, code] of blocks) expect(code, file).toBe(readFileSync(path.join(root, file!), 'utf8'));
  });
});
