/** A stored file sent as a download (an applicant's form file, a note's attachment). */
import type { FastifyReply } from 'fastify';
import { attachment } from './csv.ts';

/** A stored file as a download: never its stored content type, so an uploaded HTML or SVG cannot run in the portal's origin. */
export function sendDownload(reply: FastifyReply, file: { file_name: string; sha256: string; content: Uint8Array }) {
  return reply
    .header('content-type', 'application/octet-stream')
    .header('content-disposition', attachment(file.file_name))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store')
    .header('x-content-sha256', file.sha256)
    .send(Buffer.from(file.content) as unknown as string);
}
