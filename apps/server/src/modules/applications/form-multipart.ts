/**
 * Reading a form answer sent as multipart/form-data (the intake API and the applicant's page): text parts and files,
 * each checked against the form as it comes, before its content is read.
 */
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { APPLICATION_MESSAGES } from '@admin-portal/contract/applications/api';
import { findInputProblems, INPUT_MESSAGES } from '@admin-portal/contract/input-rules';
import type { FormConfig } from '../../engine/commands.ts';
import { fieldProblems, HttpError, invalidField } from '../../http/errors.ts';
import type { UploadedFile } from './forms.service.ts';

/**
 * The text fields and files of a multipart form, under the same text rule as JSON bodies. Each part is checked
 * against the form as it comes, before its content is read: the first one the form does not have (400), or a file
 * for a field that takes text (422), ends the reading; so does a file past the upload limit (413), at the limit.
 */
export async function readMultipart(
  request: FastifyRequest,
  form: FormConfig,
  uploadLimit: number,
): Promise<{ answers: Record<string, unknown>; files: UploadedFile[] }> {
  const fields = new Map(form.fields.map((f) => [f.key, f]));
  const answers: Record<string, unknown> = {};
  const files: UploadedFile[] = [];
  for await (const part of request.parts({ limits: { fileSize: uploadLimit } })) {
    const field = fields.get(part.fieldname);
    if (!field) throw fieldProblems(400, INPUT_MESSAGES.malformedRequest, [{ field: part.fieldname, message: INPUT_MESSAGES.unknownField }]);
    if (part.type === 'file') {
      if (field.type !== 'file') throw invalidField(part.fieldname, APPLICATION_MESSAGES.textExpected);
      files.push({
        field: part.fieldname,
        fileName: part.filename.slice(0, 255) || 'file',
        contentType: part.mimetype.slice(0, 255) || 'application/octet-stream',
        content: await readFile(part, uploadLimit),
      });
    } else {
      answers[part.fieldname] = part.value;
    }
  }
  const problems = findInputProblems({ ...answers, ...Object.fromEntries(files.map((f) => [f.field, f.fileName])) });
  if (problems.length > 0)
    throw fieldProblems(
      400,
      INPUT_MESSAGES.malformedRequest,
      problems.map((p) => ({ field: p.path.join('.'), message: p.message })),
    );
  return { answers, files };
}

/**
 * One file sent as the part `file` of a multipart body (a note's attachment): any other part is a 400, a second
 * file too; none is a 422 on `file`; past the upload limit a 413, at the limit, before the rest is read.
 */
export async function readSingleFile(request: FastifyRequest, uploadLimit: number): Promise<Omit<UploadedFile, 'field'>> {
  if (!request.isMultipart()) throw new HttpError(415, APPLICATION_MESSAGES.sendMultipart);
  let file: Omit<UploadedFile, 'field'> | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: uploadLimit, files: 2, fields: 5, parts: 6 } })) {
      if (part.fieldname !== 'file' || part.type !== 'file')
        throw fieldProblems(400, INPUT_MESSAGES.malformedRequest, [{ field: part.fieldname, message: INPUT_MESSAGES.unknownField }]);
      // A form sent with no file chosen has an empty part with no name: no file.
      if (!part.filename) {
        await part.toBuffer().catch(() => undefined);
        continue;
      }
      if (file) throw invalidField('file', APPLICATION_MESSAGES.oneFileAtATime, 400);
      file = {
        fileName: storedFileName(part.filename),
        contentType: part.mimetype.slice(0, 255) || 'application/octet-stream',
        content: await readFile(part, uploadLimit),
      };
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // The parser's own refusals (a missing boundary, a body cut short, too many parts) are the sender's mistake.
    throw invalidField('file', `${INPUT_MESSAGES.malformedRequest}: ${(error as Error).message}`, 400);
  }
  if (!file) throw invalidField('file', APPLICATION_MESSAGES.noteFileRequired);
  return file;
}

/**
 * The name a file is kept under: no control character, quote or path, at most 255 characters cut between whole
 * characters (never half of an emoji), so it is valid text wherever it goes (the table, the audit log, a header).
 */
export function storedFileName(name: string): string {
  return Array.from(name.replace(/[\p{Cc}"\\/]/gu, '_'))
    .slice(0, 255)
    .join('');
}

/**
 * A file part's content, refused (413) as soon as it passes the limit: the parser would go on reading (and
 * dropping) the rest of an oversized file before saying so; leaving the loop stops it there.
 */
async function readFile(part: MultipartFile, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of part.file) {
    if (part.file.truncated) {
      const message = APPLICATION_MESSAGES.fileTooLarge(limit);
      throw new HttpError(413, message, [{ field: part.fieldname, message }]);
    }
    chunks.push(chunk as Buffer);
  }
  if (part.file.truncated) {
    const message = APPLICATION_MESSAGES.fileTooLarge(limit);
    throw new HttpError(413, message, [{ field: part.fieldname, message }]);
  }
  return Buffer.concat(chunks);
}
