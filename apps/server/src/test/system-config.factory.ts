import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/client.ts';
import { storeFileStream } from '../modules/system-config/config-files.ts';
import { completeFile } from '../modules/system-config/config-files.queries.ts';

/** A 1×1 PNG. */
export const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** A configuration entry written directly (no HTTP, no audit row). */
export async function createTestConfig(
  db: Queryable,
  organizationId: string | null,
  entry: { key?: string; value_type?: string; value?: unknown; environment?: string | null; is_enabled?: boolean } = {},
): Promise<{ id: string; key: string }> {
  const key = entry.key ?? `test.key-${randomUUID().slice(0, 8)}`;
  const res = await db.query<{ id: string }>(
    `insert into system_configs (organization_id, key, environment, value_type, value, is_enabled) values ($1, $2, $3, $4, $5, $6) returning id`,
    [organizationId, key, entry.environment ?? null, entry.value_type ?? 'string', JSON.stringify(entry.value ?? 'value'), entry.is_enabled ?? true],
  );
  return { id: res.rows[0]!.id, key };
}

/** A file entry written directly. */
export async function createTestConfigFile(
  db: Queryable,
  organizationId: string | null,
  entry: { key?: string; content?: Buffer; contentType?: string; fileName?: string; environment?: string | null } = {},
): Promise<{ id: string; key: string; sha256: string }> {
  const key = entry.key ?? `test.file-${randomUUID().slice(0, 8)}`;
  const content = entry.content ?? PNG_1X1;
  const contentType = entry.contentType ?? 'image/png';
  const file = await storeFileStream(db, [content], { fileName: entry.fileName ?? 'file.png', contentType });
  await completeFile(db, file.id, contentType);
  const res = await db.query<{ id: string }>(
    `insert into system_configs (organization_id, key, environment, value_type, file_id) values ($1, $2, $3, 'file', $4) returning id`,
    [organizationId, key, entry.environment ?? null, file.id],
  );
  return { id: res.rows[0]!.id, key, sha256: file.sha256 };
}

/** A multipart/form-data body for app.inject: the text fields in order, then the file (if any). */
export function multipartForm(
  fields: Record<string, string>,
  file?: { field?: string; name: string; type: string; content: Buffer },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----test${randomUUID().replace(/-/g, '')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\ncontent-type: ${file.type}\r\n\r\n`,
      ),
    );
    parts.push(file.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
