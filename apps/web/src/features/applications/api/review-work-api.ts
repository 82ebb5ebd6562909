import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AssignReview, BulkReview, CaseNoteBody, CaseNoteFile } from '@admin-portal/contract/applications/api';
import type { RoleName } from '@admin-portal/contract/role-names';
import { call } from '../../../shared/api/api.ts';
import { requestOf } from '../../../shared/api/endpoint-call.ts';
import { unwrap } from '../../../shared/api/api-result.ts';
import { APPLICATIONS_KEY, downloadStoredFile, useApplicationMutation } from './applications-api.ts';

// Case work on reviews (issue 35): the queue's views, whom to assign to, claim, release, assign, bulk. Only the review
// queue and the case drawer use these, and both download when first opened, so the monitor's first load carries none.

/** The open reviews of one queue view (its filters: `queueFilters`), soonest deadline first. */
export function useReviewQueue(filters: { mine?: 'true'; claimed_by?: string }) {
  return useQuery({
    queryKey: [...APPLICATIONS_KEY, 'review-queue', filters],
    queryFn: async ({ signal }) =>
      unwrap(await call('GET /api/admin/applications/review-tasks', { query: { status: 'open', ...filters, limit: 200 }, signal })),
    placeholderData: keepPreviousData,
  });
}

/** Whom a lead can give a review of `role` to (any reviewer without one), with the open reviews each has. */
export function useReviewers(role: RoleName | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...APPLICATIONS_KEY, 'reviewers', role ?? null],
    queryFn: async ({ signal }) => unwrap(await call('GET /api/admin/applications/review-tasks/reviewers', { query: { role }, signal })),
    enabled,
  });
}

export const useClaimReview = () =>
  useApplicationMutation(async (taskId: string) => unwrap(await call('POST /api/admin/applications/review-tasks/:id/claim', { params: { id: taskId } })));
export const useReleaseReview = () =>
  useApplicationMutation(async (taskId: string) => unwrap(await call('POST /api/admin/applications/review-tasks/:id/release', { params: { id: taskId } })));
export const useAssignReview = () =>
  useApplicationMutation(async ({ taskId, body }: { taskId: string; body: AssignReview }) =>
    unwrap(await call('PUT /api/admin/applications/review-tasks/:id/assignee', { params: { id: taskId }, body })),
  );
export const useBulkReview = () =>
  useApplicationMutation(async (body: BulkReview) => unwrap(await call('POST /api/admin/applications/review-tasks/bulk', { body })));

/** A case's staff notes, oldest first. */
export function useCaseNotes(applicationId: string) {
  return useQuery({
    queryKey: [...APPLICATIONS_KEY, 'notes', applicationId],
    queryFn: async ({ signal }) => unwrap(await call('GET /api/admin/applications/:id/notes', { params: { id: applicationId }, signal })),
  });
}

export const useAddNote = () =>
  useApplicationMutation(async ({ applicationId, body }: { applicationId: string; body: CaseNoteBody }) =>
    unwrap(await call('POST /api/admin/applications/:id/notes', { params: { id: applicationId }, body })),
  );
export const useEditNote = () =>
  useApplicationMutation(async ({ applicationId, noteId, body }: { applicationId: string; noteId: string; body: CaseNoteBody }) =>
    unwrap(await call('PUT /api/admin/applications/:id/notes/:note_id', { params: { id: applicationId, note_id: noteId }, body })),
  );
export const useRedactNote = () =>
  useApplicationMutation(async ({ applicationId, noteId }: { applicationId: string; noteId: string }) =>
    unwrap(await call('POST /api/admin/applications/:id/notes/:note_id/redact', { params: { id: applicationId, note_id: noteId } })),
  );

/** Attaches one file to a note (multipart, the part `file`); the server answers the note with its files. */
export const useAttachNoteFile = () =>
  useApplicationMutation(async ({ applicationId, noteId, file }: { applicationId: string; noteId: string; file: File }) => {
    const form = new FormData();
    form.append('file', file, file.name);
    // A large file on a slow line takes longer than a JSON call may.
    return unwrap(
      await call('POST /api/admin/applications/:id/notes/:note_id/files', { params: { id: applicationId, note_id: noteId }, body: form, timeoutMs: null }),
    );
  });
export const useRemoveNoteFile = () =>
  useApplicationMutation(async ({ applicationId, noteId, fileId }: { applicationId: string; noteId: string; fileId: string }) =>
    unwrap(await call('DELETE /api/admin/applications/:id/notes/:note_id/files/:file_id', { params: { id: applicationId, note_id: noteId, file_id: fileId } })),
  );
export const downloadNoteFile = (applicationId: string, noteId: string, file: CaseNoteFile) =>
  downloadStoredFile(
    requestOf('GET /api/admin/applications/:id/notes/:note_id/files/:file_id', { id: applicationId, note_id: noteId, file_id: file.id }).path,
    file.file_name,
  );
