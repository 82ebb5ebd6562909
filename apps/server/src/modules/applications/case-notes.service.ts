/**
 * Staff notes on a case (issue 35, ADR 0057): markdown, never shown to the applicant; a colleague mentioned as
 * @their-email gets a portal notification; the author may change a note for 5 minutes; after that only an
 * administrator can redact it, leaving who and when. Each is in the case's timeline (added, redacted) and the audit log.
 */
import type { FastifyRequest } from 'fastify';
import { APPLICATION_MESSAGES, NOTE_EDIT_WINDOW_MS, NOTE_MAX_FILES, type CaseNote, type CaseNoteBody } from '@admin-portal/contract/applications/api';
import type { Db, Queryable } from '../../db/client.ts';
import { lockCase, recordCaseWorkEvent } from '../../engine/commands.ts';
import type { AuthContext } from '../../http/context.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { visibleApplication } from './applications.service.ts';
import {
  countNoteFiles,
  deleteNoteFile,
  findCaseNote,
  insertCaseNote,
  insertNoteFile,
  listCaseNotes,
  redactCaseNote,
  staffByEmails,
  updateCaseNote,
  type CaseNoteRow,
  type NoteFileInput,
} from './case-notes.queries.ts';
import { applicantNameOf, insertReviewNotice } from './review-tasks.queries.ts';

/** "@ada@bank.example" in a note: the e-mail addresses mentioned (at most 20). */
const MENTION = /(?:^|[\s(])@([^\s@()<>,;:]+@[^\s@()<>,;:]+\.[^\s@()<>,;:!?]*[^\s@()<>,;:!?.])/g;
export function mentionedEmails(body: string): string[] {
  return [...new Set([...body.matchAll(MENTION)].map((m) => m[1]!.toLowerCase()))].slice(0, 20);
}

export function presentNote(n: CaseNoteRow): CaseNote {
  return {
    id: n.id,
    application_id: n.application_id,
    author_id: n.author_id,
    author_email: n.author_email,
    body: n.body,
    mentions: n.mentions,
    created_at: n.created_at.toISOString(),
    edited_at: n.edited_at?.toISOString() ?? null,
    editable_until: new Date(n.created_at.getTime() + NOTE_EDIT_WINDOW_MS).toISOString(),
    redacted_at: n.redacted_at?.toISOString() ?? null,
    redacted_by_email: n.redacted_by_email,
    files: n.files.map((f) => ({ ...f, created_at: new Date(f.created_at).toISOString() })),
  };
}

export async function caseNotes(db: Db, auth: AuthContext, applicationId: string) {
  await visibleApplication(db, auth, applicationId);
  return { items: (await listCaseNotes(db, applicationId)).map(presentNote) };
}

/** Notifies the colleagues newly mentioned (not the author); answers every mentioned colleague's id. */
async function mention(tx: Queryable, c: { id: string; organization_id: string }, auth: AuthContext, body: string, before: readonly string[]) {
  const people = (await staffByEmails(tx, c.organization_id, mentionedEmails(body))).filter((p) => p.id !== auth.userId);
  const name = (await applicantNameOf(tx, c.id)) || 'an unnamed applicant';
  for (const p of people.filter((p) => !before.includes(p.id))) {
    await insertReviewNotice(tx, {
      organizationId: c.organization_id,
      applicationId: c.id,
      userId: p.id,
      title: `You were mentioned in a note on ${name}`,
      body: `${auth.email} mentioned you in a note on ${name}'s application.`,
    });
  }
  return people.map((p) => p.id);
}

/** A case the caller may see, locked for the change (notes and their files change under the case's lock). */
async function lockVisibleCase(tx: Queryable, auth: AuthContext, applicationId: string) {
  const visible = await visibleApplication(tx, auth, applicationId);
  return (await lockCase(tx, visible.id))!;
}

export async function addCaseNote(db: Db, request: FastifyRequest, auth: AuthContext, applicationId: string, body: CaseNoteBody) {
  const id = await db.transaction(async (tx) => {
    const c = await lockVisibleCase(tx, auth, applicationId);
    const mentions = await mention(tx, c, auth, body.body, []);
    const noteId = await insertCaseNote(tx, {
      organizationId: c.organization_id,
      applicationId: c.id,
      authorId: auth.userId,
      authorEmail: auth.email,
      body: body.body,
      mentions,
    });
    await recordCaseWorkEvent(tx, db, c, 'note_added', { type: 'user', id: auth.userId }, null, {
      note_id: noteId,
      author: auth.email,
      mentions: mentions.length,
    });
    await recordAudit(tx, request, {
      action: 'application.note.added',
      targetType: 'application',
      targetId: c.id,
      organizationId: c.organization_id,
      changes: { note_id: noteId },
    });
    return noteId;
  });
  return presentNote((await findCaseNote(db, applicationId, id))!);
}

/** The note, locked, if the caller may change it now: its author, within 5 minutes of writing it, never once redacted. */
async function changeableNote(tx: Queryable, auth: AuthContext, applicationId: string, noteId: string, lock = true) {
  const note = await findCaseNote(tx, applicationId, noteId, lock);
  if (!note) throw notFound('Note');
  if (note.redacted_at) throw conflict(APPLICATION_MESSAGES.noteRedacted);
  if (note.author_id !== auth.userId) throw forbidden(APPLICATION_MESSAGES.noteNotYours);
  if (Date.now() > note.created_at.getTime() + NOTE_EDIT_WINDOW_MS) throw conflict(APPLICATION_MESSAGES.noteEditWindowPassed);
  return note;
}

export async function editCaseNote(db: Db, request: FastifyRequest, auth: AuthContext, applicationId: string, noteId: string, body: CaseNoteBody) {
  await db.transaction(async (tx) => {
    // The case first, then the note: the order redaction and attaching take, so they never wait on each other in turn.
    const c = await lockVisibleCase(tx, auth, applicationId);
    const note = await changeableNote(tx, auth, c.id, noteId);
    const mentions = await mention(
      tx,
      c,
      auth,
      body.body,
      note.mentions.map((m) => m.id),
    );
    await updateCaseNote(tx, noteId, body.body, mentions);
    await recordAudit(tx, request, {
      action: 'application.note.edited',
      targetType: 'application',
      targetId: c.id,
      organizationId: c.organization_id,
      changes: { note_id: noteId },
    });
  });
  return presentNote((await findCaseNote(db, applicationId, noteId))!);
}

/** An administrator redacts a note: its text and mentions go; who redacted it and when stay, in the note and the timeline. */
export async function redactNote(db: Db, request: FastifyRequest, auth: AuthContext, applicationId: string, noteId: string) {
  await db.transaction(async (tx) => {
    const c = await lockVisibleCase(tx, auth, applicationId);
    const note = await findCaseNote(tx, c.id, noteId, true);
    if (!note) throw notFound('Note');
    if (note.redacted_at) throw conflict(APPLICATION_MESSAGES.noteRedacted);
    await redactCaseNote(tx, noteId, auth.email);
    await recordCaseWorkEvent(tx, db, c, 'note_redacted', { type: 'user', id: auth.userId }, null, { note_id: noteId, author: note.author_email });
    await recordAudit(tx, request, {
      action: 'application.note.redacted',
      targetType: 'application',
      targetId: c.id,
      organizationId: c.organization_id,
      changes: { note_id: noteId, author: note.author_email, files_removed: note.files.length },
    });
  });
  return presentNote((await findCaseNote(db, applicationId, noteId))!);
}

/** Refuses, before an upload is read, what attaching a file to the note would refuse (the case, the note, who, when). */
export async function checkNoteChangeable(db: Db, auth: AuthContext, applicationId: string, noteId: string): Promise<void> {
  const c = await visibleApplication(db, auth, applicationId);
  const note = await changeableNote(db, auth, c.id, noteId, false);
  if (note.files.length >= NOTE_MAX_FILES) throw conflict(APPLICATION_MESSAGES.noteFilesFull(NOTE_MAX_FILES));
}

/** Its author attaches a file to a note while they may change it (at most NOTE_MAX_FILES files). */
export async function attachNoteFile(db: Db, request: FastifyRequest, auth: AuthContext, applicationId: string, noteId: string, file: NoteFileInput) {
  await db.transaction(async (tx) => {
    // The case first, then the note (the order redaction takes): two uploads to one note take turns, and the count
    // below is read after the lock, so a note never passes its limit.
    const c = await lockVisibleCase(tx, auth, applicationId);
    const note = await changeableNote(tx, auth, c.id, noteId);
    if ((await countNoteFiles(tx, noteId)) >= NOTE_MAX_FILES) throw conflict(APPLICATION_MESSAGES.noteFilesFull(NOTE_MAX_FILES));
    const fileId = await insertNoteFile(tx, note, file);
    await recordAudit(tx, request, {
      action: 'application.note.file_added',
      targetType: 'application',
      targetId: c.id,
      organizationId: c.organization_id,
      changes: { note_id: noteId, file_id: fileId, file_name: file.fileName, size_bytes: file.content.length },
    });
  });
  return presentNote((await findCaseNote(db, applicationId, noteId))!);
}

/** Its author takes a file off a note while they may change it. */
export async function removeNoteFile(db: Db, request: FastifyRequest, auth: AuthContext, applicationId: string, noteId: string, fileId: string) {
  await db.transaction(async (tx) => {
    const c = await lockVisibleCase(tx, auth, applicationId);
    await changeableNote(tx, auth, c.id, noteId);
    const removed = await deleteNoteFile(tx, noteId, fileId);
    if (!removed) throw notFound('File');
    await recordAudit(tx, request, {
      action: 'application.note.file_removed',
      targetType: 'application',
      targetId: c.id,
      organizationId: c.organization_id,
      changes: { note_id: noteId, file_id: fileId, file_name: removed.file_name },
    });
  });
  return presentNote((await findCaseNote(db, applicationId, noteId))!);
}
