/**
 * Staff notes on a case (issue 35): markdown kept as written, @email mentions notify the colleague (once, not the
 * author, only staff of the case's organization), changed by the author within 5 minutes only, redacted only by an
 * administrator with a trace, each in the timeline and the audit log, and never on the applicant's pages. Files
 * attached to a note are the author's to add or take off while the note may change, downloaded by staff only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_MESSAGES, NOTE_MAX_FILES } from '@admin-portal/contract/applications/api';
import { INPUT_MESSAGES } from '@admin-portal/contract/input-rules';
import { createTestContext, type TestContext, type TestUser } from '../../test/harness.ts';
import { approvalGraph, startTestCase } from '../../test/applications.factory.ts';
import { multipartForm } from '../../test/system-config.factory.ts';
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

  describe('files on a note', () => {
    const filesOf = (caseId: string, noteId: string) => `${notesOf(caseId)}/${noteId}/files`;
    const attach = (u: TestUser, caseId: string, noteId: string, name = 'letter.pdf', content = Buffer.from('%PDF-1.4 the bank letter')) => {
      const form = multipartForm({}, { name, type: 'application/pdf', content });
      return ctx.as(u, { method: 'POST', url: filesOf(caseId, noteId), payload: form.payload, headers: form.headers });
    };

    it('attaches, downloads and takes off files as the author may, staff only, never among the applicant’s files', async () => {
      const caseId = await startTestCase(ctx, workflow, org);
      const note = (await add(ada, caseId, 'The bank letter is attached')).json();
      const res = await attach(ada, caseId, note.id);
      expect(res.statusCode, res.body).toBe(201);
      const [file] = res.json().files;
      expect(file).toMatchObject({ file_name: 'letter.pdf', content_type: 'application/pdf', size_bytes: 24, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
      expect((await ctx.as(viewer, { method: 'GET', url: notesOf(caseId) })).json().items[0].files).toEqual([file]);

      const download = await ctx.as(viewer, { method: 'GET', url: `${filesOf(caseId, note.id)}/${file.id}` });
      expect(download.statusCode).toBe(200);
      expect(download.body).toBe('%PDF-1.4 the bank letter');
      expect(download.headers).toMatchObject({
        'content-type': 'application/octet-stream',
        'content-disposition': expect.stringContaining('attachment'),
        'x-content-type-options': 'nosniff',
        'x-content-sha256': file.sha256,
      });
      // Neither another organization's staff, nor the case's Files (the applicant's uploads), nor another note's address.
      expect((await ctx.as(stranger, { method: 'GET', url: `${filesOf(caseId, note.id)}/${file.id}` })).statusCode).toBe(404);
      expect((await ctx.as(viewer, { method: 'GET', url: `/api/admin/applications/${caseId}` })).json().files).toEqual([]);
      expect((await ctx.as(viewer, { method: 'GET', url: `/api/admin/applications/${caseId}/files/${file.id}` })).statusCode).toBe(404);
      const other = (await add(ada, caseId, 'Another note')).json();
      expect((await ctx.as(viewer, { method: 'GET', url: `${filesOf(caseId, other.id)}/${file.id}` })).statusCode).toBe(404);

      // Only the author adds or takes off files.
      const notYours = await attach(ben, caseId, note.id);
      expect([notYours.statusCode, notYours.json().detail]).toEqual([403, APPLICATION_MESSAGES.noteNotYours]);
      expect((await ctx.as(ben, { method: 'DELETE', url: `${filesOf(caseId, note.id)}/${file.id}` })).statusCode).toBe(403);
      const removed = await ctx.as(ada, { method: 'DELETE', url: `${filesOf(caseId, note.id)}/${file.id}` });
      expect([removed.statusCode, removed.json().files]).toEqual([200, []]);
      const audit = await ctx.db.query(
        `select action, changes from audit_logs where target_id = $1 and action like 'application.note.file_%' order by created_at`,
        [caseId],
      );
      expect(audit.rows).toMatchObject([
        { action: 'application.note.file_added', changes: { note_id: note.id, file_name: 'letter.pdf', size_bytes: 24 } },
        { action: 'application.note.file_removed', changes: { note_id: note.id, file_name: 'letter.pdf' } },
      ]);
    });

    it('keeps a long name to 255 whole characters, never half of one', async () => {
      const caseId = await startTestCase(ctx, workflow, org);
      const note = (await add(ada, caseId, 'Named')).json();
      const res = await attach(ada, caseId, note.id, `${'a'.repeat(254)}📄.pdf`);
      expect(res.statusCode, res.body).toBe(201);
      expect(Array.from(res.json().files[0].file_name as string)).toHaveLength(255);
      expect(res.json().files[0].file_name).toBe(`${'a'.repeat(254)}📄`);
    });

    it('takes at most 10 files a note, none after 5 minutes, and a redaction removes them', async () => {
      const caseId = await startTestCase(ctx, workflow, org);
      const note = (await add(ada, caseId, 'Statements')).json();
      for (let i = 1; i <= NOTE_MAX_FILES; i += 1) expect((await attach(ada, caseId, note.id, `statement-${i}.pdf`)).statusCode).toBe(201);
      const full = await attach(ada, caseId, note.id);
      expect([full.statusCode, full.json().detail]).toEqual([409, APPLICATION_MESSAGES.noteFilesFull(NOTE_MAX_FILES)]);
      // Three at once on a note with room for one: one gets in.
      const other = (await add(ada, caseId, 'More statements')).json();
      for (let i = 1; i < NOTE_MAX_FILES; i += 1) await attach(ada, caseId, other.id, `more-${i}.pdf`);
      const racing = await Promise.all([1, 2, 3].map((i) => attach(ada, caseId, other.id, `race-${i}.pdf`)));
      expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
      expect((await ctx.db.query('select count(*)::int as n from case_note_files where note_id = $1', [other.id])).rows[0]).toEqual({ n: NOTE_MAX_FILES });

      const late = (await add(ada, caseId, 'Late')).json();
      await ctx.db.query(`update case_notes set created_at = now() - interval '6 minutes' where id = $1`, [late.id]);
      const tooLate = await attach(ada, caseId, late.id);
      expect([tooLate.statusCode, tooLate.json().detail]).toEqual([409, APPLICATION_MESSAGES.noteEditWindowPassed]);

      expect((await ctx.as(admin, { method: 'POST', url: `${notesOf(caseId)}/${note.id}/redact` })).json().files).toEqual([]);
      expect((await ctx.db.query('select count(*)::int as n from case_note_files where note_id = $1', [note.id])).rows[0]).toEqual({ n: 0 });
      const audit = await ctx.db.query(`select changes from audit_logs where target_id = $1 and action = 'application.note.redacted'`, [caseId]);
      expect(audit.rows[0]!.changes).toMatchObject({ files_removed: NOTE_MAX_FILES });
    });

    it('refuses what is not one file within the upload limit, naming the part, and keeps nothing', async () => {
      const caseId = await startTestCase(ctx, workflow, org);
      const note = (await add(ada, caseId, 'Proof')).json();
      const send = (payload: Buffer | string, headers: Record<string, string>) =>
        ctx.as(ada, { method: 'POST', url: filesOf(caseId, note.id), payload, headers });

      // JSON is not a file: its fields are unknown here, as on every call that takes no JSON; without fields it is a 415.
      const json = await send(JSON.stringify({ file: 'x' }), { 'content-type': 'application/json' });
      expect([json.statusCode, json.json().validation_errors]).toEqual([400, [{ field: 'file', message: INPUT_MESSAGES.unknownField }]]);
      const bare = await send('{}', { 'content-type': 'application/json' });
      expect([bare.statusCode, bare.json().detail]).toEqual([415, APPLICATION_MESSAGES.sendMultipart]);
      const none = multipartForm({});
      const empty = await send(none.payload, none.headers);
      expect([empty.statusCode, empty.json().validation_errors]).toEqual([422, [{ field: 'file', message: APPLICATION_MESSAGES.noteFileRequired }]]);
      const text = multipartForm({ comment: 'hi' }, { name: 'a.pdf', type: 'application/pdf', content: Buffer.from('x') });
      const withText = await send(text.payload, text.headers);
      expect([withText.statusCode, withText.json().validation_errors]).toEqual([400, [{ field: 'comment', message: INPUT_MESSAGES.unknownField }]]);
      const limit = ctx.config.uploadLimit;
      const big = await attach(ada, caseId, note.id, 'big.bin', Buffer.alloc(limit + 1));
      expect([big.statusCode, big.json().detail]).toEqual([413, APPLICATION_MESSAGES.fileTooLarge(limit)]);
      // A form sent with no file chosen (an empty part without a name), and a body the parser cannot read.
      const blank = await send(
        `--b\r\ncontent-disposition: form-data; name="file"; filename=""\r\ncontent-type: application/octet-stream\r\n\r\n\r\n--b--\r\n`,
        {
          'content-type': 'multipart/form-data; boundary=b',
        },
      );
      expect([blank.statusCode, blank.json().validation_errors]).toEqual([422, [{ field: 'file', message: APPLICATION_MESSAGES.noteFileRequired }]]);
      const cut = await send(`--b\r\ncontent-disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhalf a fi`, {
        'content-type': 'multipart/form-data; boundary=b',
      });
      expect(cut.statusCode).toBe(400);
      expect(cut.json().validation_errors[0].field).toBe('file');
      // Two files in one request: the first is not kept either.
      const boundary = 'twofiles';
      const part = (name: string) =>
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${name}"\r\ncontent-type: text/plain\r\n\r\nx\r\n`;
      const two = await send(`${part('a.txt')}${part('b.txt')}--${boundary}--\r\n`, { 'content-type': `multipart/form-data; boundary=${boundary}` });
      expect([two.statusCode, two.json().detail]).toEqual([400, APPLICATION_MESSAGES.oneFileAtATime]);
      expect((await ctx.db.query('select count(*)::int as n from case_note_files where application_id = $1', [caseId])).rows[0]).toEqual({ n: 0 });
    });
  });
});
