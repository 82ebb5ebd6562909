/**
 * Files on a staff note (issue 35): attached and taken off by the note's author while it may change, downloaded by
 * staff who may see the case. Multipart is read here only, in this plugin's own scope.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { APPLICATION_MESSAGES } from '@admin-portal/contract/applications/api';
import { CASE_NOTE_ENDPOINTS } from '@admin-portal/contract/api/endpoints/case-notes';
import { requireAuth } from '../../http/context.ts';
import { sendDownload } from '../../http/download.ts';
import { routeOf } from '../../http/endpoint-route.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { visibleApplication } from './applications.service.ts';
import { findNoteFileContent } from './case-notes.queries.ts';
import { attachNoteFile, checkNoteChangeable, removeNoteFile } from './case-notes.service.ts';
import { readSingleFile } from './form-multipart.ts';

export async function caseNoteFileRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The file size limit is the system settings' (per request); this is the ceiling.
  await app.register(multipart, { limits: { fileSize: 1024 * 1024 * 1024, files: 2, fields: 5, parts: 6 } });

  r.route({
    ...routeOf(CASE_NOTE_ENDPOINTS.attachCaseNoteFile),
    // An answer given before the whole upload was read closes the connection (as the form answers do).
    onSend: async (request, reply) => {
      if (request.isMultipart() && !request.raw.complete) reply.header('connection', 'close');
    },
    handler: async (request, reply) => {
      const auth = requireAuth(request.auth);
      // The note is checked before its body is read: an upload to another's note, or a closed or full one, is refused unread.
      await checkNoteChangeable(app.db, auth, request.params.id, request.params.note_id);
      const uploadLimit = (await app.settings.get()).upload_limit_bytes;
      if (Number(request.headers['content-length'] ?? 0) > uploadLimit + app.config.bodyLimit) {
        throw new HttpError(413, APPLICATION_MESSAGES.fileTooLarge(uploadLimit));
      }
      const file = await readSingleFile(request, uploadLimit);
      reply.code(201);
      return attachNoteFile(app.db, request, auth, request.params.id, request.params.note_id, file);
    },
  });

  r.route({
    ...routeOf(CASE_NOTE_ENDPOINTS.removeCaseNoteFile),
    handler: (request) => removeNoteFile(app.db, request, requireAuth(request.auth), request.params.id, request.params.note_id, request.params.file_id),
  });

  r.route({
    ...routeOf(CASE_NOTE_ENDPOINTS.downloadCaseNoteFile),
    handler: async (request, reply) => {
      await visibleApplication(app.db, requireAuth(request.auth), request.params.id);
      const file = await findNoteFileContent(app.db, request.params.id, request.params.note_id, request.params.file_id);
      if (!file) throw notFound('File');
      return sendDownload(reply, file);
    },
  });
}
