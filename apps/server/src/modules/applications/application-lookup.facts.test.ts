/**
 * "Who is Radia Lamarr?" over the chat API on the built-in provider: one case with its status, step, reviewer role,
 * since when and workflow; several cases listed most recent first with their total; a lookup by e-mail, external
 * reference and id; and the organization boundary — a name or id of another organization reads exactly like one
 * that does not exist, as in the applications list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../../http/context.ts';
import { createTestContext, type TestContext, type TestUser } from '../../test/harness.ts';
import { writeHistory, type CaseScript } from '../../test/history.factory.ts';
import { createTestWorkflow, type TestWorkflow } from '../../test/workflows.factory.ts';
import { BuiltinAssistant } from '../../ai/builtin-assistant.ts';
import { PRODUCT_FACTS } from '../ai/product-facts.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let ctx: TestContext;
let admin: TestUser;
let otherAdmin: TestUser;
let superAdmin: TestUser;
let org: { id: string };
let radia: string;
let grace: string;
let hedy: string[];

const ask = async (user: TestUser, message: string, headers: Record<string, string> = {}) => {
  const res = await ctx.as(user, { method: 'POST', url: '/api/admin/ai/chat', payload: { message, context: { path: '/applications' } }, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { response: string; context_understood: string; links: { title: string; url: string }[]; interaction_id: string };
};

const atReview = (workflow: TestWorkflow, applicant: string, hoursAgo: number, role = 'compliance_officer'): CaseScript => ({
  workflow,
  applicant,
  at: new Date(Date.now() - hoursAgo * HOUR),
  visits: [
    { step: 'details', minutes: 10 },
    { step: 'review', minutes: 0, review: { role, slaHours: 24 } },
  ],
  end: { kind: 'open' },
});

beforeAll(async () => {
  ctx = await createTestContext({ runtimeWorker: false });
  org = await ctx.createOrg('Lookup Bank');
  const other = await ctx.createOrg('Faraway Credit');
  admin = await ctx.createUser('admin', org.id);
  otherAdmin = await ctx.createUser('admin', other.id);
  superAdmin = await ctx.createUser('super_admin', other.id);
  const kyc = await createTestWorkflow(ctx.db, org.id, { name: 'KYC Onboarding', status: 'active' });
  const faraway = await createTestWorkflow(ctx.db, other.id, { name: 'Faraway intake', status: 'active' });
  const now = Date.now();
  const ids = await writeHistory(ctx.db, [
    atReview(kyc, 'Radia Lamarr', 3),
    {
      workflow: kyc,
      applicant: 'Hedy Lamarr',
      at: new Date(now - 10 * DAY),
      visits: [
        { step: 'details', minutes: 30 },
        { step: 'review', minutes: 60, branch: 'approved', review: { role: 'operator', slaHours: 24, decision: 'approved' } },
        { step: 'ok', minutes: 0 },
      ],
      end: { kind: 'completed', outcome: 'approved' },
    },
    { workflow: kyc, applicant: 'Hedy Lamarr', at: new Date(now - 2 * HOUR), visits: [{ step: 'details', minutes: 0 }], end: { kind: 'open' } },
    {
      workflow: kyc,
      applicant: 'Hedy Lamarr',
      at: new Date(now - 3 * DAY),
      visits: [{ step: 'details', minutes: 5 }],
      end: { kind: 'failed', error: 'Address check timed out' },
    },
    ...Array.from({ length: 7 }, (_, i) => atReview(kyc, 'Ken Thompson', 10 + i)),
    atReview(faraway, 'Grace Hopper', 1),
  ]);
  radia = ids[0]!;
  hedy = ids.slice(1, 4);
  grace = ids[ids.length - 1]!;
  await ctx.db.query(`update applications set applicant_email = 'radia.lamarr@lookup.example', external_ref = 'LB-2026-0042' where id = $1`, [radia]);
  await ctx.db.query(`update applications set applicant_email = 'grace.hopper@faraway.example', external_ref = 'FC-2026-0001' where id = $1`, [grace]);
});
afterAll(() => ctx?.close());

describe('the assistant on one applicant or case', () => {
  it('tells where one case waits, for whom, since when, and on which workflow', async () => {
    const reply = await ask(admin, 'Who is Radia Lamarr?');
    expect(reply.response).toContain('### 1. Radia Lamarr');
    expect(reply.response).toContain(
      "**Radia Lamarr**'s application (radia\\.lamarr@lookup\\.example, LB\\-2026\\-0042) is **waiting for a review** at the step **review**, by a **Compliance Officer** (or an administrator); nobody has claimed it yet, since ",
    );
    // It entered the review 2 h 50 min ago (10 minutes after it started, 3 h ago); the review is due 24 h after.
    expect(reply.response).toMatch(
      /since \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC \(2\.8 h ago\)\. The review is due \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC \(in 21\.2 h\)\./,
    );
    expect(reply.response).toContain('Workflow: **KYC Onboarding** (version 1)');
    expect(reply.response).toMatch(/Started .+ \(3\.0 h ago\)/);
    expect(reply.links.map((l) => l.url)).toContain(`/applications?case=${radia}`);
    expect(reply.context_understood).toContain('the applicant or case "Radia Lamarr"');
    const stored = await ctx.db.query<{ intent: string }>('select intent from ai_interactions where id = $1', [reply.interaction_id]);
    expect(stored.rows[0]?.intent).toBe('application_lookup');
  });

  it('understands the other ways of asking, and the e-mail address, external reference and id', async () => {
    for (const message of [
      'What about Radia Lamarr?',
      "Where is Radia Lamarr's application?",
      'status of Radia Lamarr',
      'Tell me about Radia Lamarr',
      'Who is radia.lamarr@lookup.example?',
      'What about LB-2026-0042?',
      `Tell me about ${radia}`,
    ]) {
      const reply = await ask(admin, message);
      expect(reply.response, message).toContain("**Radia Lamarr**'s application");
      expect(reply.response, message).toContain('**waiting for a review**');
    }
  });

  it('lists several cases for one name briefly, most recent first, each with what it waits for', async () => {
    const reply = await ask(admin, 'Who is Hedy Lamarr?');
    expect(reply.response).toContain('**3 applications** match "Hedy Lamarr", most recent first:');
    const form = reply.response.indexOf('**waiting for the applicant** to fill in the form at the step **details**, since ');
    const failed = reply.response.indexOf('**failed** at the step **details** ("Address check timed out"), on ');
    const completed = reply.response.indexOf('**completed** with the outcome **approved**, on ');
    expect(form).toBeGreaterThan(0);
    expect(failed).toBeGreaterThan(form);
    expect(completed).toBeGreaterThan(failed);
    expect(reply.links.map((l) => l.url)).toEqual(
      expect.arrayContaining([`/applications?q=Hedy%20Lamarr`, `/applications?case=${hedy[1]}`, `/applications?case=${hedy[2]}`]),
    );
  });

  it('shows a few of many, with the total', async () => {
    const reply = await ask(admin, 'What about Ken Thompson?');
    expect(reply.response).toContain('**7 applications** match "Ken Thompson"; the 5 most recent:');
    expect(reply.response.match(/^- \*\*Ken Thompson\*\*, KYC Onboarding: \*\*waiting for a review\*\*/gm)).toHaveLength(5);
    expect(reply.response).toContain('- … and 2 more');
  });

  it('keeps to the organization: another organization’s applicant reads like nobody at all', async () => {
    const unknown = await ask(admin, 'Who is Zelda Quist?');
    expect(unknown.response).toContain('I found no application for "Zelda Quist" that you may see.');
    for (const [message, query] of [
      ['Who is Grace Hopper?', 'Grace Hopper'],
      ['Who is grace.hopper@faraway.example?', 'grace\\.hopper@faraway\\.example'],
      ['What about FC-2026-0001?', 'FC\\-2026\\-0001'],
      [`Tell me about ${grace}`, grace.replaceAll('-', '\\-')],
    ] as const) {
      const reply = await ask(admin, message);
      expect(reply.response, message).toBe(unknown.response.replace('Zelda Quist', query));
      expect(reply.response).not.toContain('Faraway');
      expect(reply.links.every((l) => !l.url.includes(grace))).toBe(true);
    }
    // Its own organization sees it; a super administrator sees it across organizations, not in another one chosen.
    expect((await ask(otherAdmin, 'Who is Grace Hopper?')).response).toContain('**waiting for a review** at the step **review**, by a **Compliance Officer**');
    expect((await ask(superAdmin, 'Who is Grace Hopper?')).response).toContain('Workflow: **Faraway intake**');
    expect((await ask(superAdmin, 'Who is Grace Hopper?', { 'x-organization-id': org.id })).response).toContain(
      'I found no application for "Grace Hopper" that you may see.',
    );
    expect((await ask(superAdmin, `Tell me about ${grace}`, { 'x-organization-id': org.id })).response).toContain('I found no application for');
    expect((await ask(superAdmin, `Tell me about ${grace}`)).response).toContain('Workflow: **Faraway intake**');
    expect((await ask(otherAdmin, 'Who is Radia Lamarr?')).response).toContain('I found no application for "Radia Lamarr" that you may see.');
  });

  it('asks for application:read first', async () => {
    const auth: AuthContext = {
      userId: admin.id,
      email: admin.email,
      role: 'viewer',
      sessionId: 's',
      homeOrganizationId: org.id,
      permissions: new Set(),
      isSuperAdmin: false,
      organizationId: org.id,
    };
    const reply = await new BuiltinAssistant(PRODUCT_FACTS).reply({
      message: 'Who is Radia Lamarr?',
      page: 'dashboard_overview',
      context: {},
      organizationName: 'Lookup Bank',
      facts: { db: ctx.db, auth, timeZone: 'UTC' },
    });
    expect(reply.response).toContain('needs the permission `application:read`');
    expect(reply.response).not.toContain('Radia');
  });
});
