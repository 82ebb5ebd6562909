import { z } from 'zod';
import {
  applicationCountsQuerySchema,
  applicationCountsSchema,
  applicationDetailSchema,
  applicationFileParamsSchema,
  applicationListQuerySchema,
  applicationListSchema,
  applicationSummarySchema,
  assignReviewSchema,
  bulkReviewResponseSchema,
  bulkReviewSchema,
  cancelApplicationSchema,
  createManualApplicationSchema,
  decideReviewSchema,
  reviewerListQuerySchema,
  reviewerListSchema,
  reviewQueueCountsQuerySchema,
  reviewQueueCountsSchema,
  reviewTaskListQuerySchema,
  reviewTaskListSchema,
  reviewTaskSchema,
  staffNotificationListSchema,
  staffNotificationQuerySchema,
} from '../../applications/api.ts';
import { idParamsSchema, successSchema } from '../../common.ts';
import { ADMINS, perm, REVIEWERS } from '../access.ts';
import { defineEndpoints, type MediaResponse } from '../endpoint.ts';

/**
 * Applications (issue 13, spec §7 Applications): the monitor, a case, reviews and their case work (issue 35).
 *
 * Read by application:read; worked (created by hand, retried, cancelled) with execute_workflows; a review is decided
 * by the roles an approval step can name (the service checks it is the step's role, unless the caller is an
 * administrator or super administrator); erasing an applicant's data is for administrators.
 *
 * Case work: a reviewer claims what they may decide (the service checks the role); the holder or a lead releases (the
 * service checks which); a lead (manage_reviews) assigns and lists whom to. Each review of a bulk action is checked as
 * if alone (the rules above); assigning needs manage_reviews.
 */
const tags = ['Applications'] as const;
const READ = perm('application:read');
const WORK = perm('execute_workflows');

/** A stored file sent as a download (an applicant's form file, a note's attachment): never shown inline. */
export const FILE_DOWNLOAD: MediaResponse = {
  description: 'The file as uploaded; its SHA-256 in `x-content-sha256`',
  content: { 'application/octet-stream': { schema: z.string() } },
};

export const APPLICATION_ENDPOINTS = defineEndpoints({
  listApplications: {
    method: 'GET',
    path: '/api/admin/applications',
    tags,
    summary: 'List applications',
    description: 'Applications, newest first, with filters and keyset pages (`next_cursor`).',
    access: READ,
    query: applicationListQuerySchema,
    responses: { 200: applicationListSchema },
  },
  createManualApplication: {
    method: 'POST',
    path: '/api/admin/applications',
    tags,
    summary: 'Start an application by hand (staff), on an active workflow',
    access: WORK,
    body: createManualApplicationSchema,
    responses: { 201: applicationSummarySchema },
  },
  getApplicationCounts: {
    method: 'GET',
    path: '/api/admin/applications/counts',
    tags,
    summary: "Get the monitor's counters",
    description: "The monitor's counters: in progress, waiting for review, overdue, completed today, failed.",
    access: READ,
    query: applicationCountsQuerySchema,
    responses: { 200: applicationCountsSchema },
  },
  listStaffNotifications: {
    method: 'GET',
    path: '/api/admin/applications/notifications',
    tags,
    summary: "List the caller's staff notifications",
    description: 'Staff notifications addressed to the caller (to their user, or to their role in their organization), newest first.',
    access: READ,
    query: staffNotificationQuerySchema,
    responses: { 200: staffNotificationListSchema },
  },
  markAllStaffNotificationsRead: {
    method: 'POST',
    path: '/api/admin/applications/notifications/read',
    tags,
    summary: 'Mark every notification addressed to the caller as read',
    access: READ,
    responses: { 200: successSchema },
  },
  markStaffNotificationRead: {
    method: 'POST',
    path: '/api/admin/applications/notifications/:id/read',
    tags,
    summary: 'Mark one notification addressed to the caller as read',
    access: READ,
    params: idParamsSchema,
    responses: { 200: successSchema },
  },
  listReviewTasks: {
    method: 'GET',
    path: '/api/admin/applications/review-tasks',
    tags,
    summary: 'List review tasks',
    description: 'Review tasks, soonest deadline first.',
    access: READ,
    query: reviewTaskListQuerySchema,
    responses: { 200: reviewTaskListSchema },
  },
  getReviewQueueCounts: {
    method: 'GET',
    path: '/api/admin/applications/review-tasks/counts',
    tags,
    summary: "Count the caller's open reviews",
    description: "The caller's open reviews: the ones they have, the unclaimed ones of their roles, all of their roles, theirs overdue.",
    access: READ,
    query: reviewQueueCountsQuerySchema,
    responses: { 200: reviewQueueCountsSchema },
  },
  listReviewers: {
    method: 'GET',
    path: '/api/admin/applications/review-tasks/reviewers',
    tags,
    summary: 'List staff who may decide reviews',
    description: 'Staff who may decide reviews (of one assignee role), with the open reviews each has: whom a lead can assign a review to.',
    access: perm('manage_reviews'),
    query: reviewerListQuerySchema,
    responses: { 200: reviewerListSchema },
  },
  applyBulkReviewAction: {
    method: 'POST',
    path: '/api/admin/applications/review-tasks/bulk',
    tags,
    summary: 'Take one action on up to 500 reviews',
    description:
      'One action (approve, reject with one comment, claim, release, assign) on up to 500 reviews: each checked and done as if alone, each with its own result (the status the action alone would answer, and why it was refused).',
    access: READ,
    body: bulkReviewSchema,
    responses: { 200: bulkReviewResponseSchema },
  },
  claimReviewTask: {
    method: 'POST',
    path: '/api/admin/applications/review-tasks/:id/claim',
    tags,
    summary: 'Claim an open review',
    description:
      "Claim an open review: it becomes the caller's (its role, administrators). If someone else has it, 409 names them; claiming one's own again changes nothing.",
    access: REVIEWERS,
    params: idParamsSchema,
    responses: { 200: reviewTaskSchema },
  },
  releaseReviewTask: {
    method: 'POST',
    path: '/api/admin/applications/review-tasks/:id/release',
    tags,
    summary: "Release a claimed review back to its role's queue",
    description: 'The person who has it, or a lead with manage_reviews.',
    access: READ,
    params: idParamsSchema,
    responses: { 200: reviewTaskSchema },
  },
  assignReviewTask: {
    method: 'PUT',
    path: '/api/admin/applications/review-tasks/:id/assignee',
    tags,
    summary: 'Assign or reassign an open review',
    description:
      'Assign (or reassign) an open review to a named person who may decide it (its role or an administrator of its organization); they get a portal notification. Needs manage_reviews.',
    access: perm('manage_reviews'),
    params: idParamsSchema,
    body: assignReviewSchema,
    responses: { 200: reviewTaskSchema },
  },
  decideReviewTask: {
    method: 'POST',
    path: '/api/admin/applications/review-tasks/:id/decision',
    tags,
    summary: 'Approve or reject a review task',
    description:
      "Approve or reject (with a comment) a review task: its step's role, administrators and super administrators decide; once someone has the review (claimed or assigned), only they do.",
    access: REVIEWERS,
    params: idParamsSchema,
    body: decideReviewSchema,
    responses: { 200: reviewTaskSchema },
  },
  getApplication: {
    method: 'GET',
    path: '/api/admin/applications/:id',
    tags,
    summary: 'Get an application',
    description: 'One application: applicant, data, steps, event timeline, review tasks, tool calls and files.',
    access: READ,
    params: idParamsSchema,
    responses: { 200: applicationDetailSchema },
  },
  downloadApplicationFile: {
    method: 'GET',
    path: '/api/admin/applications/:id/files/:file_id',
    tags,
    summary: 'Download a file the applicant uploaded',
    description: 'Always as an attachment, never shown inline.',
    access: READ,
    params: applicationFileParamsSchema,
    responses: { 200: FILE_DOWNLOAD },
  },
  deleteApplication: {
    method: 'DELETE',
    path: '/api/admin/applications/:id',
    tags,
    summary: 'Erase an application',
    description: "Erases the applicant's data, files and history (the audit row stays).",
    access: ADMINS,
    params: idParamsSchema,
    responses: { 200: successSchema },
  },
  retryApplication: {
    method: 'POST',
    path: '/api/admin/applications/:id/retry',
    tags,
    summary: 'Run the failed step of a failed application again',
    access: WORK,
    params: idParamsSchema,
    responses: { 200: applicationSummarySchema },
  },
  cancelApplication: {
    method: 'POST',
    path: '/api/admin/applications/:id/cancel',
    tags,
    summary: 'Stop an application in progress',
    access: WORK,
    params: idParamsSchema,
    body: cancelApplicationSchema.optional(),
    responses: { 200: applicationSummarySchema },
  },
});
