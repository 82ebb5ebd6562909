import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Queryable } from '../../db/client.ts';
import { deleteFile, insertConfigFile, insertFileChunk, readFileChunk, setFileSizeAndHash } from './config-files.queries.ts';

/** Size of one stored chunk: a file is rows of this many bytes, so no step holds more than one in memory. */
export const CHUNK_BYTES = 256 * 1024;

export interface StoredFile {
  id: string;
  size: number;
  sha256: string;
  /** The first bytes, for content sniffing. */
  head: Buffer;
}

/**
 * Streams `source` into a new (incomplete) file, one chunk per statement outside any transaction, so on the
 * embedded database other requests go on between chunks and several server processes can read the file later.
 * Deletes what it wrote when the stream fails. `isTruncated` is asked at the end (a size limit hit upstream).
 */
export async function storeFileStream(
  db: Queryable,
  source: AsyncIterable<Buffer> | Iterable<Buffer>,
  meta: { fileName: string; contentType: string },
): Promise<StoredFile> {
  const id = await insertConfigFile(db, meta);
  const hash = createHash('sha256');
  let size = 0;
  let seq = 0;
  let head = Buffer.alloc(0);
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (pendingBytes === 0) return;
    const data = pending.length === 1 ? pending[0]! : Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    await insertFileChunk(db, id, seq++, data);
  };
  try {
    for await (const piece of source) {
      hash.update(piece);
      size += piece.length;
      if (head.length < 64) head = Buffer.concat([head, piece.subarray(0, 64 - head.length)]);
      let rest = piece;
      while (rest.length > 0) {
        const take = Math.min(rest.length, CHUNK_BYTES - pendingBytes);
        pending.push(rest.subarray(0, take));
        pendingBytes += take;
        rest = rest.subarray(take);
        if (pendingBytes === CHUNK_BYTES) await flush();
      }
    }
    await flush();
    const sha256 = hash.digest('hex');
    await setFileSizeAndHash(db, id, size, sha256);
    return { id, size, sha256, head };
  } catch (error) {
    await deleteFile(db, id).catch(() => undefined);
    throw error;
  }
}

/** The file's bytes as a stream, read one chunk per query. */
export function readFileStream(db: Queryable, id: string): Readable {
  async function* chunks() {
    for (let seq = 0; ; seq++) {
      const data = await readFileChunk(db, id, seq);
      if (!data) return;
      yield Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    }
  }
  return Readable.from(chunks());
}

/** The raster image type of these first bytes (PNG, JPEG, GIF, WebP), or null. An SVG is never an image here. */
export function sniffImageType(head: Buffer): string | null {
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.length >= 6 && (head.subarray(0, 6).toString('latin1') === 'GIF87a' || head.subarray(0, 6).toString('latin1') === 'GIF89a')) return 'image/gif';
  if (head.length >= 12 && head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return null;
}

const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,63}$/;
/** Types a browser could run script from: served as plain bytes whatever the upload said. */
const ACTIVE_TYPES = /^(text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml|text\/javascript|application\/javascript)$/;

/** The content type to record for an upload: the client's when well formed, else application/octet-stream. */
export function recordedContentType(claimed: string | undefined): string {
  const type = (claimed ?? '').split(';')[0]!.trim().toLowerCase();
  return MEDIA_TYPE.test(type) ? type : 'application/octet-stream';
}

/** The content type a download is served with: never one a browser would render as a page or run. */
export function servedContentType(recorded: string): string {
  return ACTIVE_TYPES.test(recorded) ? 'application/octet-stream' : recorded;
}
