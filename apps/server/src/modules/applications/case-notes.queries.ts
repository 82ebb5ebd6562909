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
}

const COLUMNS = `n.id, n.organization_id, n.application_id, n.author_id, n.author_email, n.body,
  coalesce((select json_agg(json_build_object('id', u.id, 'email', u.email) order by u.email) from users u where u.id = any(n.mentions)), '[]'::json) as mentions,
  n.created_at, n.edited_at, n.redacted_at, n.redacted_by_email`;

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

export async function redactCaseNote(db: Queryable, noteId: string, byEmail: string): Promise<void> {
  await db.query(`update case_notes set body = '', mentions = '{}', redacted_at = now(), redacted_by_email = $2 where id = $1`, [noteId, byEmail]);
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
