/**
 * bench:analytics's generated history replays as it went (issue 36, the identity check of ADR 0058): every case of all
 * ten workflows, whichever way it went and wherever it still stands, replayed on the version it ran on.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { builtinAiProvider, compareWithRecord, loadPinnedGraph, loadRecordedCases, replayCase } from '../../apps/server/src/engine/commands.ts';
import { createTestContext, type TestContext } from '../../apps/server/src/test/harness.ts';
import { createBenchOrganization, generateHistory } from './analytics-history.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

it('gives back every generated case when it is replayed on the version it ran on', { timeout: 120_000 }, async () => {
  const org = await createBenchOrganization(ctx.db, 'Identity Bank', { email: 'identity.admin@bench.example', password: 'Identity-Admin-Password-42' });
  const now = new Date();
  await generateHistory(ctx.db, org, { cases: 3000, days: 30, now, recentFrom: new Date(now.getTime() - 86_400_000), log: () => undefined });

  const differences: string[] = [];
  const ends = new Map<string, number>();
  let replayed = 0;
  for (const w of org.workflows) {
    const graph = (await loadPinnedGraph(ctx.db, w.id, w.version))!;
    const cases = await loadRecordedCases(ctx.db, { workflowId: w.id, from: new Date(0), to: new Date(now.getTime() + 1), limit: 10_000 });
    for (const c of cases) {
      const replay = await replayCase(graph, c, graph, { ai: builtinAiProvider, newReviews: 'wait' });
      const check = compareWithRecord(c, replay, graph);
      replayed += 1;
      ends.set(replay.end.kind, (ends.get(replay.end.kind) ?? 0) + 1);
      if (!check.same) differences.push(`${w.name} ${c.external_ref}: ${check.reason}`);
    }
  }
  expect(differences.slice(0, 20)).toEqual([]);
  expect(replayed).toBe(3000);
  // Cases that finished, failed, were cancelled, and that still wait for the applicant or a review are among them.
  expect([...ends.keys()]).toEqual(expect.arrayContaining(['cancelled', 'completed', 'failed', 'waiting']));
});
