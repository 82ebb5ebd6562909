/**
 * Drafts beside the live version (issue 36, ADR 0062): an active workflow's draft is a version applications do not
 * start on until it is published; publishing keeps its number (and so its simulations); a discard sets it aside.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAFT_MESSAGES, type WorkflowDetail, type WorkflowVersion } from '@admin-portal/contract/workflows/api';
import type { WorkflowGraph } from '@admin-portal/contract/workflows/graph';
import { startTestCase } from '../../test/applications.factory.ts';
import { createTestContext, type TestContext, type TestUser } from '../../test/harness.ts';
import { createTestWorkflow, sampleGraph } from '../../test/workflows.factory.ts';
import { ARCHIVED_READ_ONLY } from './save-graph.ts';

let ctx: TestContext;
let org: { id: string };
let other: { id: string };
let manager: TestUser;
let otherManager: TestUser;
let viewer: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await ctx.createOrg();
  other = await ctx.createOrg();
  manager = await ctx.createUser('manager', org.id);
  otherManager = await ctx.createUser('manager', other.id);
  viewer = await ctx.createUser('viewer', org.id);
});
afterAll(() => ctx?.close());

const detail = async (id: string) => (await ctx.as(manager, { method: 'GET', url: `/api/admin/workflows/${id}` })).json() as WorkflowDetail;
const saveDraft = (id: string, payload: Record<string, unknown>, user = manager) =>
  ctx.as(user, { method: 'POST', url: `/api/admin/workflows/${id}/drafts`, payload });
const versionCall = (id: string, version: number, action: 'publish' | 'discard', user = manager) =>
  ctx.as(user, { method: 'POST', url: `/api/admin/workflows/${id}/versions/${version}/${action}` });

/** The live graph as the builder has it, with the form's title changed (a change anybody could see in a case). */
function retitled(live: WorkflowDetail, title: string): WorkflowGraph {
  return {
    steps: live.steps.map((s) => (s.type === 'form' ? { ...s, config: { ...s.config, title } } : s)),
    connections: live.connections.map((c) => ({ id: c.id, source: c.source, target: c.target, condition: c.condition, label: c.label })),
  };
}
const formTitle = (graph: { steps: { type: string; config: Record<string, unknown> }[] }) => graph.steps.find((s) => s.type === 'form')!.config.title;

async function activeWorkflow() {
  const wf = await createTestWorkflow(ctx.db, org.id, { status: 'active', graph: sampleGraph() });
  return { wf, live: await detail(wf.id) };
}

describe('a draft beside the live version', () => {
  it('is saved as a pending version; applications keep starting on the live one until it is published, which keeps its number', async () => {
    const { wf, live } = await activeWorkflow();
    expect(live.version).toBe(1);
    expect(live.pending_version).toBeNull();

    const saved = await saveDraft(wf.id, { graph: retitled(live, 'Draft title'), expected_version: 1 });
    expect(saved.statusCode, saved.body).toBe(201);
    const draft = saved.json() as WorkflowVersion;
    expect(draft).toMatchObject({ version: 2, state: 'pending', based_on_version: 1, is_current: false, note: 'Draft saved' });
    expect(formTitle(draft)).toBe('Draft title');
    // Steps keep their ids, so a published draft's steps are the ones cases named.
    expect(draft.steps.map((s) => s.id).sort()).toEqual(live.steps.map((s) => s.id).sort());

    const during = await detail(wf.id);
    expect(during).toMatchObject({ version: 1, pending_version: 2 });
    expect(formTitle(during)).toBe('Details');
    const started = await startTestCase(ctx, wf.id, org.id);
    const pinned = await ctx.db.query<{ workflow_version: number }>('select workflow_version from applications where id = $1', [started]);
    expect(pinned.rows[0]!.workflow_version).toBe(1);

    const published = await versionCall(wf.id, 2, 'publish');
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ version: 2, pending_version: null, status: 'active' });
    expect(formTitle(published.json() as WorkflowDetail)).toBe('Draft title');
    const after = await startTestCase(ctx, wf.id, org.id);
    expect((await ctx.db.query<{ v: number }>('select workflow_version as v from applications where id = $1', [after])).rows[0]!.v).toBe(2);

    const history = (await ctx.as(manager, { method: 'GET', url: `/api/admin/workflows/${wf.id}/versions` })).json().items as WorkflowVersion[];
    expect(history.map((v) => [v.version, v.state, v.is_current])).toEqual([
      [2, 'published', true],
      [1, 'published', false],
    ]);
    const audit = await ctx.db.query<{ action: string }>(`select action from audit_logs where target_id = $1 order by created_at`, [wf.id]);
    expect(audit.rows.map((r) => r.action)).toEqual(['workflow.draft_save', 'workflow.publish']);
  });

  it('continues: a second draft save is a new pending version, and a live save meanwhile takes the number after it', async () => {
    const { wf, live } = await activeWorkflow();
    expect((await saveDraft(wf.id, { graph: retitled(live, 'One') })).json().version).toBe(2);
    // The editor loaded version 2 (the draft): a save on version 1 is refused, naming the newest.
    const stale = await saveDraft(wf.id, { graph: retitled(live, 'Two'), expected_version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toBe(DRAFT_MESSAGES.newerSaved(2, 1));
    expect(stale.json().validation_errors).toEqual([{ field: 'expected_version', message: DRAFT_MESSAGES.newerSaved(2, 1) }]);
    const second = await saveDraft(wf.id, { graph: retitled(live, 'Two'), expected_version: 2 });
    expect(second.json()).toMatchObject({ version: 3, state: 'pending', based_on_version: 1 });
    expect((await detail(wf.id)).pending_version).toBe(3);

    // A live save (the builder's Save on the active workflow) takes version 4, never a draft's number.
    const liveSave = await ctx.as(manager, { method: 'PUT', url: `/api/admin/workflows/${wf.id}/complete`, payload: { graph: retitled(live, 'Live') } });
    expect(liveSave.statusCode, liveSave.body).toBe(200);
    expect(liveSave.json()).toMatchObject({ version: 4, pending_version: null });
    // The draft was saved beside version 1: it is no longer the newest, and publishing it is refused.
    const publish = await versionCall(wf.id, 3, 'publish');
    expect(publish.statusCode).toBe(409);
    expect(publish.json().detail).toBe(DRAFT_MESSAGES.notNewest);
  });

  it('refuses to publish a draft over a live version it was not saved beside', async () => {
    const { wf, live } = await activeWorkflow();
    await saveDraft(wf.id, { graph: retitled(live, 'Draft') });
    // Every live save takes the number after the draft (the test above), so only a change made outside the API could
    // move the live version under a draft that is still the newest; the check stands guard anyway.
    await ctx.db.query(`update workflows set version = 7 where id = $1`, [wf.id]);
    const res = await versionCall(wf.id, 2, 'publish');
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(DRAFT_MESSAGES.liveChanged(7, 1));
    expect((await detail(wf.id)).version).toBe(7);
  });

  it('may be incomplete; publishing runs the activation checks and changes nothing when they fail', async () => {
    const { wf, live } = await activeWorkflow();
    const broken = retitled(live, '');
    const saved = await saveDraft(wf.id, { graph: broken });
    expect(saved.statusCode, saved.body).toBe(201);
    const res = await versionCall(wf.id, 2, 'publish');
    expect(res.statusCode).toBe(422);
    expect((res.json().problems as { code: string }[]).map((p) => p.code)).toContain('invalid_config');
    expect(await detail(wf.id)).toMatchObject({ version: 1, pending_version: 2 });
    expect(formTitle(await detail(wf.id))).toBe('Details');
    // Structural problems refuse the draft itself.
    const dangling = { ...broken, connections: [...broken.connections, { source: live.steps[0]!.id, target: 'nowhere', condition: null, label: null }] };
    const refused = await saveDraft(wf.id, { graph: dangling });
    expect(refused.statusCode).toBe(422);
    expect((await detail(wf.id)).pending_version).toBe(2);
  });

  it('is discarded: kept in the history as discarded, the live version untouched; a discarded draft cannot be published', async () => {
    const { wf, live } = await activeWorkflow();
    await saveDraft(wf.id, { graph: retitled(live, 'One') });
    await saveDraft(wf.id, { graph: retitled(live, 'Two') });
    const res = await versionCall(wf.id, 3, 'discard');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ version: 3, state: 'discarded' });
    expect(await detail(wf.id)).toMatchObject({ version: 1, pending_version: null });
    const states = (await ctx.as(manager, { method: 'GET', url: `/api/admin/workflows/${wf.id}/versions` })).json().items.map((v: WorkflowVersion) => v.state);
    expect(states).toEqual(['discarded', 'discarded', 'published']);
    const again = await versionCall(wf.id, 3, 'publish');
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(DRAFT_MESSAGES.notPending);
    expect((await versionCall(wf.id, 1, 'discard')).json().detail).toBe(DRAFT_MESSAGES.notPending);
    expect((await versionCall(wf.id, 9, 'discard')).statusCode).toBe(404);
  });

  it('only an active workflow keeps one; a draft workflow is saved directly, an archived one is read-only', async () => {
    const draftWf = await createTestWorkflow(ctx.db, org.id, { status: 'draft' });
    const res = await saveDraft(draftWf.id, { graph: sampleGraph() });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(DRAFT_MESSAGES.onlyActive);
    expect((await detail(draftWf.id)).version).toBe(1);
    const { wf, live } = await activeWorkflow();
    await saveDraft(wf.id, { graph: retitled(live, 'Before archiving') });
    expect((await ctx.as(manager, { method: 'PUT', url: `/api/admin/workflows/${wf.id}`, payload: { status: 'archived' } })).statusCode).toBe(200);
    for (const res of [
      await saveDraft(wf.id, { graph: retitled(live, 'After') }),
      await versionCall(wf.id, 2, 'publish'),
      await versionCall(wf.id, 2, 'discard'),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe(ARCHIVED_READ_ONLY);
    }
  });

  it('is the organization’s and needs workflow:manage: another organization sees 404, a viewer 403, and nothing is written', async () => {
    const { wf, live } = await activeWorkflow();
    expect((await saveDraft(wf.id, { graph: retitled(live, 'X') }, otherManager)).statusCode).toBe(404);
    expect((await saveDraft(wf.id, { graph: retitled(live, 'X') }, viewer)).statusCode).toBe(403);
    await saveDraft(wf.id, { graph: retitled(live, 'Mine') });
    expect((await versionCall(wf.id, 2, 'publish', otherManager)).statusCode).toBe(404);
    expect((await versionCall(wf.id, 2, 'discard', viewer)).statusCode).toBe(403);
    expect(await detail(wf.id)).toMatchObject({ version: 1, pending_version: 2 });
  });

  it('a simulation run on the draft stays with it once it is published', async () => {
    const { wf, live } = await activeWorkflow();
    await saveDraft(wf.id, { graph: retitled(live, 'Simulated') });
    const started = await ctx.as(manager, { method: 'POST', url: `/api/admin/workflows/${wf.id}/versions/2/simulations`, payload: {} });
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json()).toMatchObject({ version: 2, workflow_id: wf.id });
    expect((await versionCall(wf.id, 2, 'publish')).statusCode).toBe(200);
    const runs = await ctx.as(manager, { method: 'GET', url: `/api/admin/workflows/${wf.id}/simulations?version=2` });
    expect(runs.json().items.map((r: { version: number }) => r.version)).toEqual([2]);
  });
});
