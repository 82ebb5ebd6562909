/**
 * Test helpers for applications: an intake API key, a way to call the public API with it, and waiting until a
 * case reaches a state (the runtime works in the background, as in production).
 */
import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { WorkflowGraph } from '@admin-portal/contract/workflows/graph';
import type { Db } from '../db/client.ts';
import { hashApiKey } from '../modules/api-keys/api-keys.service.ts';
import { startApplication } from '../modules/applications/intake.service.ts';
import type { TestContext } from './harness.ts';

export interface TestApiKey {
  id: string;
  key: string;
  organizationId: string;
}

export async function createTestApiKey(db: Db, organizationId: string, options: { scopes?: string[]; environment?: string } = {}): Promise<TestApiKey> {
  const key = `apk_${randomBytes(30).toString('base64url')}`;
  const res = await db.query<{ id: string }>(
    `insert into api_keys (organization_id, name, prefix, key_hash, scopes, environment) values ($1, $2, $3, $4, $5, $6) returning id`,
    [
      organizationId,
      `Test key ${key.slice(4, 10)}`,
      key.slice(0, 12),
      hashApiKey(key),
      options.scopes ?? ['intake', 'mcp'],
      options.environment ?? 'production',
    ],
  );
  return { id: res.rows[0]!.id, key, organizationId };
}

/** Calls the public intake API with an API key. */
export function asKey(
  ctx: TestContext,
  key: TestApiKey,
  options: { method: 'GET' | 'POST'; url: string; payload?: unknown; headers?: Record<string, string> },
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method: options.method,
    url: options.url,
    headers: { authorization: `Bearer ${key.key}`, ...options.headers },
    ...(options.payload !== undefined ? { payload: options.payload as object } : {}),
  });
}

export interface CaseState {
  status: string;
  waiting_for: string | null;
  outcome: string | null;
  current_step_id: string | null;
  error: string | null;
  data: Record<string, unknown>;
}

/** Waits until the case satisfies `done` (the runtime moves it on in the background); fails after `timeoutMs`. */
export async function waitForCase(db: Db, id: string, done: (c: CaseState) => boolean, timeoutMs = 15_000): Promise<CaseState> {
  const deadline = Date.now() + timeoutMs;
  let last: CaseState | undefined;
  while (Date.now() < deadline) {
    const res = await db.query<CaseState>('select status, waiting_for, outcome, current_step_id, error, data from applications where id = $1', [id]);
    last = res.rows[0];
    if (last && done(last)) return last;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`Case ${id} did not reach the expected state in ${timeoutMs} ms; last: ${JSON.stringify(last)}`);
}

export const settled = (c: CaseState) =>
  c.status === 'completed' ||
  c.status === 'failed' ||
  c.status === 'cancelled' ||
  (c.status === 'waiting' && (c.waiting_for === 'form' || c.waiting_for === 'approval'));

const step = (id: string, type: string, config: Record<string, unknown> = {}, x = 0) => ({ id, type, name: id, config, position: { x, y: 0 } });
const link = (source: string, target: string, condition: string | null = null) => ({ source, target, condition, label: null });

/** start → a chain of steps → end (completed); each entry is [key, type, config]. */
export function chainGraph(chain: [string, string, Record<string, unknown>][], outcome = 'completed'): WorkflowGraph {
  const steps = [
    step('start', 'start', { trigger: 'api', required_fields: [] }),
    ...chain.map(([k, t, c], i) => step(k, t, c, (i + 1) * 280)),
    step('end', 'end', { outcome }, (chain.length + 1) * 280),
  ];
  const keys = steps.map((s) => s.id);
  return { steps, connections: keys.slice(1).map((k, i) => link(keys[i]!, k)) };
}

export { link as testLink, step as testStep };

/** start → review (approval for `role`) → approved / rejected ends. */
export function approvalGraph(role = 'operator'): WorkflowGraph {
  return {
    steps: [
      step('start', 'start', { trigger: 'api', required_fields: [] }),
      step('review', 'approval', { assignee_role: role, sla_hours: 24 }, 280),
      step('ok', 'end', { outcome: 'approved' }, 560),
      step('no', 'end', { outcome: 'rejected' }, 560),
    ],
    connections: [link('start', 'review'), link('review', 'ok', 'approved'), link('review', 'no', 'rejected')],
  };
}

/**
 * Starts a case on `workflowId` (as the intake API would) and waits until the runtime has taken it as far as it
 * goes on its own (a form, an approval, or the end).
 */
export async function startTestCase(ctx: TestContext, workflowId: string, organizationId: string, data: Record<string, unknown> = {}): Promise<string> {
  await ctx.app.ready();
  const { row } = await startApplication(
    ctx.db,
    ctx.app.runtime,
    { organizationId, source: 'api', actor: { type: 'system', id: null }, apiKeyId: null, userId: null, environment: 'production' },
    { workflow_id: workflowId, applicant: { name: 'Test Applicant', email: 'applicant@example.com' }, data },
  );
  await waitForCase(ctx.db, row.id, settled);
  return row.id;
}

/** The open review task of a case. */
export async function openReviewTask(db: Db, applicationId: string): Promise<string> {
  const res = await db.query<{ id: string }>(`select id from review_tasks where application_id = $1 and status = 'open'`, [applicationId]);
  return res.rows[0]!.id;
}
