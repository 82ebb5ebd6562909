/**
 * Staff notes on a case (issue 35): markdown kept as written, @email mentions notify the colleague (once, not the
 * author, only staff of the case's organization), changed by the author within 5 minutes only, redacted only by an
 * administrator with a trace, each in the timeline and the audit log, and never on the applicant's pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_MESSAGES } from '@admin-portal/contract/applications/api';
import { createTestContext, type TestContext, type TestUser } from '../../test/harness.ts';
import { approvalGraph, startTestCase } from '../../test/applications.factory.ts';
import { createTestWorkflow } from '../../test/workflows.factory.ts';
import { mentionedEmails } from './case-notes.service.ts';

let ctx: TestContext;
let org: string;
let workflow: string;
let ada: TestUser; // operator
let ben: TestUser; // compliance officer
let admin: TestUser;
let viewer: TestUser;
let stranger: TestUser; // another organization's operator

const notesOf = (caseId: string) => `/api/admin/applications/${caseId}/notes`;
const add = (u: TestUser, caseId: string, body: string) => ctx.as(u, { method: 'POST', url: notesOf(caseId), payload: { body } });

describe('staff notes on a case', () => {
  beforeAll(async () => {
    ctx = await createTestContext();
    org = (await ctx.createOrg('Notes')).id;
    const other = (await ctx.createOrg('Notes elsewhere')).id;
    workflow = (await createTestWorkflow(ctx.db, org, { status: 'active', graph: approvalGraph('operator') })).id;
    ada = await ctx.createUser('operator', org);
    ben = await ctx.createUser('compliance_officer', org);
    admin = await ctx.createUser('admin', org);
    viewer = await ctx.createUser('viewer', org);
    stranger = await ctx.createUser('operator', other);
  });
  afterAll(() => ctx?.close());

  it('reads mentions as @ and an e-mail address', () => {
    expect(mentionedEmails('Asked @Ben@Bank.example, cc (@ada@x.example). Not me@home.example or @nobody.')).toEqual(['ben@bank.example', 'ada@x.example']);
  });

  it('adds a note: kept as written, mentions notified once, in the timeline and the audit log, listed oldest first', async () => {
    const caseId = await startTestCase(ctx, workflow, org);
    const body = `Checked the **passport** against the register. @${ben.email} please look at the address; @${stranger.email} is not ours; @${ada.email} is me.`;
    const res = await add(ada, caseId, body);
    expect(res.statusCode, res.body).toBe(201);
    const note = res.json();
    expect(note).toMatchObject({
      body,
      author_id: ada.id,
      author_email: ada.email,
      mentions: [{ id: ben.id, email: ben.email }],
      edited_at: null,
      redacted_at: null,
    });
    expect(Date.parse(note.editable_until) - Date.parse(note.created_at)).toBe(5 * 60_000);

    const notices = await ctx.db.query(`select recipient_user_id, title from staff_notifications where application_id = $1`, [caseId]);
    expect(notices.rows).toEqual([{ recipient_user_id: ben.id, title: 'You were mentioned in a note on Test Applicant' }]);
    const events = await ctx.db.query(`select type, actor_id from application_events where application_id = $1 and type like 'note_%'`, [caseId]);
    expect(events.rows).toEqual([{ type: 'note_added', actor_id: ada.id }]);
    const audit = await ctx.db.query(`select action from audit_logs where target_id = $1 and action like 'application.note.%'`, [caseId]);
    expect(audit.rows).toEqual([{ action: 'application.note.added' }]);

    await add(ben, caseId, 'Address confirmed by phone.');
    const list = await ctx.as(viewer, { method: 'GET', url: notesOf(caseId) });
    expect(list.json().items.map((n: { author_email: string }) => n.author_email)).toEqual([ada.email, ben.email]);
    // Changing it and mentioning Ben again does not notify him twice.
    const edited = await ctx.as(ada, { method: 'PUT', url: `${notesOf(caseId)}/${note.id}`, payload: { body: `${body} Done.` } });
    expect(edited.json()).toMatchObject({ body: `${body} Done.`, edited_at: expect.any(String) });
    expect((await ctx.db.query(`select 1 from staff_notifications where application_id = $1`, [caseId])).rows).toHaveLength(1);
  });

  it('lets only the author change a note, only for 5 minutes, and never once redacted; only an administrator redacts', async () => {
    const caseId = await startTestCase(ctx, workflow, org);
    const note = (await add(ada, caseId, 'Suspicious document')).json();
    const change = (u: TestUser, text = 'Changed') => ctx.as(u, { method: 'PUT', url: `${notesOf(caseId)}/${note.id}`, payload: { body: text } });
    const notYours = await change(ben);
    expect([notYours.statusCode, notYours.json().detail]).toEqual([403, APPLICATION_MESSAGES.noteNotYours]);

    await ctx.db.query(`update case_notes set created_at = now() - interval '6 minutes' where id = $1`, [note.id]);
    const late = await change(ada);
    expect([late.statusCode, late.json().detail]).toEqual([409, APPLICATION_MESSAGES.noteEditWindowPassed]);

    const redact = (u: TestUser) => ctx.as(u, { method: 'POST', url: `${notesOf(caseId)}/${note.id}/redact` });
    expect((await redact(ada)).statusCode).toBe(403);
    const redacted = await redact(admin);
    expect(redacted.json()).toMatchObject({ body: '', mentions: [], redacted_by_email: admin.email, redacted_at: expect.any(String) });
    expect((await redact(admin)).json().detail).toBe(APPLICATION_MESSAGES.noteRedacted);
    const events = await ctx.db.query(`select type from application_events where application_id = $1 and type like 'note_%' order by seq`, [caseId]);
    expect(events.rows.map((r) => r.type)).toEqual(['note_added', 'note_redacted']);
    const audit = await ctx.db.query(`select changes from audit_logs where target_id = $1 and action = 'application.note.redacted'`, [caseId]);
    expect(audit.rows[0]!.changes).toMatchObject({ note_id: note.id, author: ada.email });
  });

  it('keeps notes to staff who may see the case, and refuses bad input with the field named', async () => {
    const caseId = await startTestCase(ctx, workflow, org);
    expect((await add(viewer, caseId, 'Hello')).statusCode).toBe(403);
    expect((await add(stranger, caseId, 'Hello')).statusCode).toBe(404);
    expect((await ctx.as(stranger, { method: 'GET', url: notesOf(caseId) })).statusCode).toBe(404);
    for (const body of ['   ', 'x'.repeat(10_001)]) {
      const res = await add(ada, caseId, body);
      expect(res.statusCode).toBe(422);
      expect(res.json().validation_errors[0].field).toBe('body');
    }
    expect((await ctx.db.query('select count(*)::int as n from case_notes where application_id = $1', [caseId])).rows[0]).toEqual({ n: 0 });
    const unknown = await ctx.as(ada, { method: 'PUT', url: `${notesOf(caseId)}/00000000-0000-4000-8000-000000000000`, payload: { body: 'x' } });
    expect(unknown.statusCode).toBe(404);
  });
});
