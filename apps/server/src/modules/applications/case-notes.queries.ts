import { createHash } from 'node:crypto';
import type { Queryable } from '../../db/client.ts';

export interface CaseNoteRow {
  id: string;
  organization_id: string;
  application_id: string;
  author_id: string | null;
  author_email: string;
  body: string;
  mentions: { id: string; email: string }[];
  created_at: Date;
  edited_at: Date | null;
  redacted_at: Date | null;
  redacted_by_email: string | null;
  files: { id: string; file_name: string; content_type: string; size_bytes: number; sha256: string; created_at: string }[];
}

const COLUMNS = `n.id, n.organization_id, n.application_id, n.author_id, n.author_email, n.body,
  coalesce((select json_agg(json_build_object('id', u.id, 'email', u.email) order by u.email) from users u where u.id = any(n.mentions)), '[]'::json) as mentions,
  n.created_at, n.edited_at, n.redacted_at, n.redacted_by_email,
  coalesce((select json_agg(json_build_object('id', f.id, 'file_name', f.file_name, 'content_type', f.content_type, 'size_bytes', f.size_bytes,
      'sha256', f.sha256, 'created_at', f.created_at) order by f.created_at, f.id)
    from case_note_files f where f.note_id = n.id), '[]'::json) as files`;

/** A case's notes, oldest first. */
export async function listCaseNotes(db: Queryable, applicationId: string): Promise<CaseNoteRow[]> {
  const res = await db.query<CaseNoteRow>(`select ${COLUMNS} from case_notes n where n.application_id = $1 order by n.created_at, n.id`, [applicationId]);
  return res.rows;
}

export async function findCaseNote(db: Queryable, applicationId: string, noteId: string, lock = false): Promise<CaseNoteRow | null> {
  const res = await db.query<CaseNoteRow>(`select ${COLUMNS} from case_notes n where n.id = $1 and n.application_id = $2 ${lock ? 'for update of n' : ''}`, [
    noteId,
    applicationId,
  ]);
  return res.rows[0] ?? null;
}

export async function insertCaseNote(
  db: Queryable,
  note: { organizationId: string; applicationId: string; authorId: string; authorEmail: string; body: string; mentions: readonly string[] },
): Promise<string> {
  const res = await db.query<{ id: string }>(
    `insert into case_notes (organization_id, application_id, author_id, author_email, body, mentions) values ($1, $2, $3, $4, $5, $6::uuid[]) returning id`,
    [note.organizationId, note.applicationId, note.authorId, note.authorEmail, note.body, [...note.mentions]],
  );
  return res.rows[0]!.id;
}

export async function updateCaseNote(db: Queryable, noteId: string, body: string, mentions: readonly string[]): Promise<void> {
  await db.query(`update case_notes set body = $2, mentions = $3::uuid[], edited_at = now() where id = $1`, [noteId, body, [...mentions]]);
}

/** Its text, mentions and files go; who redacted it and when stay. */
export async function redactCaseNote(db: Queryable, noteId: string, byEmail: string): Promise<void> {
  await db.query(`update case_notes set body = '', mentions = '{}', redacted_at = now(), redacted_by_email = $2 where id = $1`, [noteId, byEmail]);
  await db.query(`delete from case_note_files where note_id = $1`, [noteId]);
}

export interface NoteFileInput {
  fileName: string;
  contentType: string;
  content: Buffer;
}

/** Stores a note's file with its size and SHA-256, as a form's files are stored. */
export async function insertNoteFile(
  db: Queryable,
  note: { id: string; organization_id: string; application_id: string },
  file: NoteFileInput,
): Promise<string> {
  const res = await db.query<{ id: string }>(
    `insert into case_note_files (organization_id, application_id, note_id, file_name, content_type, size_bytes, sha256, content)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [
      note.organization_id,
      note.application_id,
      note.id,
      file.fileName,
      file.contentType,
      file.content.length,
      createHash('sha256').update(file.content).digest('hex'),
      file.content,
    ],
  );
  return res.rows[0]!.id;
}

/** How many files the note carries now (read after the note is locked). */
export async function countNoteFiles(db: Queryable, noteId: string): Promise<number> {
  const res = await db.query<{ n: number }>('select count(*)::int as n from case_note_files where note_id = $1', [noteId]);
  return res.rows[0]!.n;
}

export async function deleteNoteFile(db: Queryable, noteId: string, fileId: string): Promise<{ file_name: string; size_bytes: number } | null> {
  const res = await db.query<{ file_name: string; size_bytes: number }>(
    `delete from case_note_files where id = $1 and note_id = $2 returning file_name, size_bytes`,
    [fileId, noteId],
  );
  return res.rows[0] ?? null;
}

/** A note's file with its content, for the download (the note must belong to the case). */
export async function findNoteFileContent(
  db: Queryable,
  applicationId: string,
  noteId: string,
  fileId: string,
): Promise<{ file_name: string; sha256: string; content: Uint8Array } | null> {
  const res = await db.query<{ file_name: string; sha256: string; content: Uint8Array }>(
    `select file_name, sha256, content from case_note_files where id = $1 and note_id = $2 and application_id = $3`,
    [fileId, noteId, applicationId],
  );
  return res.rows[0] ?? null;
}

/** Active staff of the organization (or super administrators) with these e-mail addresses (any case). */
export async function staffByEmails(db: Queryable, organizationId: string, emails: readonly string[]): Promise<{ id: string; email: string }[]> {
  if (emails.length === 0) return [];
  const res = await db.query<{ id: string; email: string }>(
    `select id, email from users
      where lower(email) = any($2::text[]) and is_active and not pending_approval and (organization_id = $1 or role = 'super_admin')`,
    [organizationId, emails.map((e) => e.toLowerCase())],
  );
  return res.rows;
}
