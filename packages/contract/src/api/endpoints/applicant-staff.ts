import { applicantLinkListSchema, issuedLinkSchema, setStartLinkSchema, startLinkSchema } from '../../applicant/api.ts';
import { idParamsSchema, successSchema } from '../../common.ts';
import { perm } from '../access.ts';
import { defineEndpoints } from '../endpoint.ts';

/**
 * Staff around the applicant's pages (issue 34): a case's links — their state, a new one to copy, one by e-mail,
 * revoking them — and a workflow's public start link, on or off. Each change is audited. A case's links are read
 * with application:read and changed with execute_workflows; a workflow's start link is read with workflow:read and
 * changed with workflow:manage.
 */
const tags = ['Applications'] as const;
const WORK = perm('execute_workflows');

export const APPLICANT_LINK_ENDPOINTS = defineEndpoints({
  listApplicantLinks: {
    method: 'GET',
    path: '/api/admin/applications/:id/applicant-links',
    tags,
    summary: "List a case's links to the applicant's pages",
    description: "A case's links: made when and by whom, sent, opened, last seen, and whether each still works.",
    access: perm('application:read'),
    params: idParamsSchema,
    responses: { 200: applicantLinkListSchema },
  },
  issueApplicantLink: {
    method: 'POST',
    path: '/api/admin/applications/:id/applicant-links',
    tags,
    summary: 'Make a new link to the case’s applicant pages, to copy',
    description:
      'Its address is shown only in this answer. Only for a case in progress (409 otherwise). A case has at most 10 working links: a new one revokes the oldest.',
    access: WORK,
    params: idParamsSchema,
    responses: { 201: issuedLinkSchema },
  },
  sendApplicantLink: {
    method: 'POST',
    path: '/api/admin/applications/:id/applicant-links/send',
    tags,
    summary: 'E-mail the applicant a new link to their pages',
    description:
      "A 'continue your application' e-mail. The mail goes out from the queue, with a link made as it is sent; at most 3 such mails an hour reach one address. " +
      '409 for a case that has ended, an applicant without an e-mail address, or a server without e-mail.',
    access: WORK,
    params: idParamsSchema,
    responses: { 200: successSchema },
  },
  revokeApplicantLinks: {
    method: 'POST',
    path: '/api/admin/applications/:id/applicant-links/revoke',
    tags,
    summary: 'Revoke every working link of the case',
    description: "The applicant's pages stop opening by them.",
    access: WORK,
    params: idParamsSchema,
    responses: { 200: successSchema },
  },
  getWorkflowStartLink: {
    method: 'GET',
    path: '/api/admin/workflows/:id/start-link',
    tags: ['Workflows'],
    summary: "Get a workflow's public start link",
    description: "A workflow's public start link, or null while it is off.",
    access: perm('workflow:read'),
    params: idParamsSchema,
    responses: { 200: startLinkSchema },
  },
  setWorkflowStartLink: {
    method: 'PUT',
    path: '/api/admin/workflows/:id/start-link',
    tags: ['Workflows'],
    summary: "Turn a workflow's public start link on (a new address each time) or off",
    description: 'Turning it on when it is on keeps the address. Whether applicants may start by it is also the organization’s applicant_start setting.',
    access: perm('workflow:manage'),
    params: idParamsSchema,
    body: setStartLinkSchema,
    responses: { 200: startLinkSchema },
  },
});
