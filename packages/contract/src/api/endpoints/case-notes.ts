import { z } from 'zod';
import { caseNoteBodySchema, caseNoteFileParamsSchema, caseNoteListSchema, caseNoteParamsSchema, caseNoteSchema } from '../../applications/api.ts';
import { idParamsSchema } from '../../common.ts';
import { ADMINS, perm, REVIEWERS } from '../access.ts';
import { defineEndpoints } from '../endpoint.ts';
import { filePart } from '../form-parts.ts';
import { FILE_DOWNLOAD } from './applications.ts';

/**
 * A case's staff notes and their files (issue 35). Read with the case (application:read); written by the roles that
 * work reviews; redacted by administrators.
 */
const tags = ['Applications'] as const;
const READ = perm('application:read');

export const CASE_NOTE_ENDPOINTS = defineEndpoints({
  listCaseNotes: {
    method: 'GET',
    path: '/api/admin/applications/:id/notes',
    tags,
    summary: "List a case's staff notes",
    description: "A case's staff notes, oldest first (never shown to the applicant).",
    access: READ,
    params: idParamsSchema,
    responses: { 200: caseNoteListSchema },
  },
  addCaseNote: {
    method: 'POST',
    path: '/api/admin/applications/:id/notes',
    tags,
    summary: 'Add a staff note to a case',
    description:
      'Add a staff note (markdown; @their-email mentions a colleague, who gets a portal notification). Staff who may decide reviews add notes; it shows in the timeline and the audit log.',
    access: REVIEWERS,
    params: idParamsSchema,
    body: caseNoteBodySchema,
    responses: { 201: caseNoteSchema },
  },
  updateCaseNote: {
    method: 'PUT',
    path: '/api/admin/applications/:id/notes/:note_id',
    tags,
    summary: 'Change a note',
    description: 'Its author only, within 5 minutes of writing it (409 after), never a redacted one.',
    access: REVIEWERS,
    params: caseNoteParamsSchema,
    body: caseNoteBodySchema,
    responses: { 200: caseNoteSchema },
  },
  redactCaseNote: {
    method: 'POST',
    path: '/api/admin/applications/:id/notes/:note_id/redact',
    tags,
    summary: 'Redact a note (administrators)',
    description: 'Its text and mentions go; who redacted it and when stay.',
    access: ADMINS,
    params: caseNoteParamsSchema,
    responses: { 200: caseNoteSchema },
  },
  attachCaseNoteFile: {
    method: 'POST',
    path: '/api/admin/applications/:id/notes/:note_id/files',
    tags,
    summary: 'Attach a file to a note',
    description:
      'Its author, within 5 minutes of writing it (409 after), at most 10 files a note. ' +
      'A multipart/form-data body (no JSON) with one file part `file`, within the upload limit of the system settings (413 above it). ' +
      'Staff only: the file is never among the case’s Files (the applicant’s uploads) nor on the applicant’s pages, and is removed when the note is redacted.',
    access: REVIEWERS,
    consumes: ['multipart/form-data'],
    params: caseNoteParamsSchema,
    form: z.object({ file: filePart('The file, within the upload limit of the system settings') }),
    responses: { 201: caseNoteSchema },
  },
  removeCaseNoteFile: {
    method: 'DELETE',
    path: '/api/admin/applications/:id/notes/:note_id/files/:file_id',
    tags,
    summary: 'Take a file off a note',
    description: 'Its author, within 5 minutes of writing it.',
    access: REVIEWERS,
    params: caseNoteFileParamsSchema,
    responses: { 200: caseNoteSchema },
  },
  downloadCaseNoteFile: {
    method: 'GET',
    path: '/api/admin/applications/:id/notes/:note_id/files/:file_id',
    tags,
    summary: 'Download a file attached to a note',
    description: 'Always as an attachment, never shown inline.',
    access: READ,
    params: caseNoteFileParamsSchema,
    responses: { 200: FILE_DOWNLOAD },
  },
});
