/** The statements over `config_files` and its chunks (config-files.ts streams a file in and out with them). */
import type { Queryable } from '../../db/client.ts';

/** A new, incomplete file without its bytes yet; answers its id. */
export async function insertConfigFile(db: Queryable, meta: { fileName: string; contentType: string }): Promise<string> {
  const created = await db.query<{ id: string }>(`insert into config_files (file_name, content_type) values ($1, $2) returning id`, [
    meta.fileName,
    meta.contentType,
  ]);
  return created.rows[0]!.id;
}

export async function insertFileChunk(db: Queryable, fileId: string, seq: number, data: Buffer): Promise<void> {
  await db.query('insert into config_file_chunks (file_id, seq, data) values ($1, $2, $3)', [fileId, seq, data]);
}

/** Records the size and SHA-256 of a file whose bytes are all stored. */
export async function setFileSizeAndHash(db: Queryable, id: string, size: number, sha256: string): Promise<void> {
  await db.query('update config_files set size_bytes = $2, sha256 = $3 where id = $1', [id, size, sha256]);
}

export async function deleteFile(db: Queryable, id: string): Promise<void> {
  await db.query('delete from config_files where id = $1', [id]);
}

/** Marks a stored file as kept (inside the transaction that attaches it to an entry). */
export async function completeFile(db: Queryable, id: string, contentType: string): Promise<void> {
  await db.query('update config_files set complete = true, content_type = $2 where id = $1', [id, contentType]);
}

/** The bytes of the file's chunk `seq` (from 0), or null past its last. */
export async function readFileChunk(db: Queryable, id: string, seq: number): Promise<Uint8Array | null> {
  const res = await db.query<{ data: Uint8Array }>('select data from config_file_chunks where file_id = $1 and seq = $2', [id, seq]);
  return res.rows[0]?.data ?? null;
}

/** Deletes uploads that never finished (a crash or a dropped connection mid-upload) and are over an hour old. */
export async function sweepIncompleteFiles(db: Queryable): Promise<number> {
  const res = await db.query(`delete from config_files where not complete and created_at < now() - interval '1 hour'`);
  return res.rowCount;
}
