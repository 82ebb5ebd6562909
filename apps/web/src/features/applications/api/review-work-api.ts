import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AssignReview,
  BulkReview,
  BulkReviewResponse,
  CaseNote,
  CaseNoteBody,
  CaseNoteFile,
  Reviewer,
  ReviewTask,
} from '@admin-portal/contract/applications/api';
import { api } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';
import { APPLICATIONS_KEY, downloadStoredFile, useApplicationMutation } from './applications-api.ts';

// Case work on reviews (issue 35): the queue's views, whom to assign to, claim, release, assign, bulk. Only the review
// queue and the case drawer use these, and both download when first opened, so the monitor's first load carries none.

/** The open reviews of one queue view (its filters: `queueFilters`), soonest deadline first. */
export function useReviewQueue(filters: { mine?: boolean; claimed_by?: string }) {
  return useQuery({
    queryKey: [...APPLICATIONS_KEY, 'review-queue', filters],
    queryFn: async ({ signal }) =>
      unwrap(
        await api.get<{ items: ReviewTask[]; total: number }>('/admin/applications/review-tasks', {
          query: { status: 'open', ...filters, limit: 200 },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** Whom a lead can give a review of `role` to (any reviewer without one), with the open reviews each has. */
export function useReviewers(role: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...APPLICATIONS_KEY, 'reviewers', role ?? null],
    queryFn: async ({ signal }) => unwrap(await api.get<{ items: Reviewer[] }>('/admin/applications/review-tasks/reviewers', { query: { role }, signal })),
    enabled,
  });
}

const reviewTaskPath = (taskId: string) => `/admin/applications/review-tasks/${encodeURIComponent(taskId)}`;
export const useClaimReview = () => useApplicationMutation(async (taskId: string) => unwrap(await api.post<ReviewTask>(`${reviewTaskPath(taskId)}/claim`)));
export const useReleaseReview = () => useApplicationMutation(async (taskId: string) => unwrap(await api.post<ReviewTask>(`${reviewTaskPath(taskId)}/release`)));
export const useAssignReview = () =>
  useApplicationMutation(async ({ taskId, body }: { taskId: string; body: AssignReview }) =>
    unwrap(await api.put<ReviewTask>(`${reviewTaskPath(taskId)}/assignee`, body)),
  );
export const useBulkReview = () =>
  useApplicationMutation(async (body: BulkReview) => unwrap(await api.post<BulkReviewResponse>('/admin/applications/review-tasks/bulk', body)));

/** A case's staff notes, oldest first. */
export function useCaseNotes(applicationId: string) {
  return useQuery({
    queryKey: [...APPLICATIONS_KEY, 'notes', applicationId],
    queryFn: async ({ signal }) => unwrap(await api.get<{ items: CaseNote[] }>(`/admin/applications/${encodeURIComponent(applicationId)}/notes`, { signal })),
  });
}

const notesPath = (applicationId: string) => `/admin/applications/${encodeURIComponent(applicationId)}/notes`;
export const useAddNote = () =>
  useApplicationMutation(async ({ applicationId, body }: { applicationId: string; body: CaseNoteBody }) =>
    unwrap(await api.post<CaseNote>(notesPath(applicationId), body)),
  );
export const useEditNote = () =>
  useApplicationMutation(async ({ applicationId, noteId, body }: { applicationId: string; noteId: string; body: CaseNoteBody }) =>
    unwrap(await api.put<CaseNote>(`${notesPath(applicationId)}/${encodeURIComponent(noteId)}`, body)),
  );
export const useRedactNote = () =>
  useApplicationMutation(async ({ applicationId, noteId }: { applicationId: string; noteId: string }) =>
    unwrap(await api.post<CaseNote>(`${notesPath(applicationId)}/${encodeURIComponent(noteId)}/redact`)),
  );

const noteFilesPath = (applicationId: string, noteId: string) => `${notesPath(applicationId)}/${encodeURIComponent(noteId)}/files`;
/** Attaches one file to a note (multipart, the part `file`); the server answers the note with its files. */
export const useAttachNoteFile = () =>
  useApplicationMutation(async ({ applicationId, noteId, file }: { applicationId: string; noteId: string; file: File }) => {
    const form = new FormData();
    form.append('file', file, file.name);
    // A large file on a slow line takes longer than a JSON call may.
    return unwrap(await api.post<CaseNote>(noteFilesPath(applicationId, noteId), form, { timeoutMs: null }));
  });
export const useRemoveNoteFile = () =>
  useApplicationMutation(async ({ applicationId, noteId, fileId }: { applicationId: string; noteId: string; fileId: string }) =>
    unwrap(await api.delete<CaseNote>(`${noteFilesPath(applicationId, noteId)}/${encodeURIComponent(fileId)}`)),
  );
export const downloadNoteFile = (applicationId: string, noteId: string, file: CaseNoteFile) =>
  downloadStoredFile(`${noteFilesPath(applicationId, noteId)}/${encodeURIComponent(file.id)}`, file.file_name);
