import {
  APPLICANT_LIMITS,
  applicantCaseSchema,
  applicantFormParamsSchema,
  issuedLinkSchema,
  saveDraftSchema,
  savedDraftSchema,
  startApplicantCaseSchema,
  startLinkParamsSchema,
  startPageSchema,
} from '../../applicant/api.ts';
import { formAnswersSchema } from '../../applications/api.ts';
import { PUBLIC } from '../access.ts';
import { defineEndpoints } from '../endpoint.ts';
import { formAnswerParts } from '../form-parts.ts';

/**
 * The applicant's pages' API (`/api/apply`, issue 34, ADR 0056), public: a workflow's start link starts a case; a case
 * link, sent as `Authorization: Bearer <token>`, reads the case, keeps a draft and answers the form it waits for. Rate
 * limited per address and per link; nothing of another case, and nothing of staff, is reachable.
 *
 * Public to the staff policy: a start link, or a case link the routes check themselves.
 */
const tags = ['Applicant pages'] as const;
const security = [{ caseLink: [] }] as const;

export const APPLICANT_ENDPOINTS = defineEndpoints({
  getApplicantStartPage: {
    method: 'GET',
    path: '/api/apply/start/:link',
    tags,
    summary: "Get a workflow's start page",
    description: "A workflow's start page: its name, whether it takes applicants, and the organization's look.",
    access: PUBLIC,
    params: startLinkParamsSchema,
    responses: { 200: startPageSchema },
  },
  startApplicantCase: {
    method: 'POST',
    path: '/api/apply/start/:link',
    tags,
    summary: "Start a case on a workflow's start link",
    description:
      `Starts a case for the applicant on the workflow's active version and answers its case link (the only time it is shown); ` +
      'a second link is e-mailed to the applicant to come back by. ' +
      `At most ${APPLICANT_LIMITS.startsPerAddressPerHour} starts per address per hour. \`website\` must be left empty. ` +
      'Refused (409) while the organization takes invited applicants only, or none, or the workflow is not active.',
    access: PUBLIC,
    params: startLinkParamsSchema,
    body: startApplicantCaseSchema,
    responses: { 201: issuedLinkSchema },
  },
  getApplicantCase: {
    method: 'GET',
    path: '/api/apply/case',
    tags,
    security,
    summary: 'Get the case of the link',
    description: 'The case of the link: the form it waits for (with the draft), what happens next, or its outcome.',
    access: PUBLIC,
    responses: { 200: applicantCaseSchema },
  },
  saveApplicantDraft: {
    method: 'PUT',
    path: '/api/apply/case/draft',
    tags,
    security,
    summary: 'Keep what the applicant has typed into the form the case waits for',
    description: `Answers by field key (text, numbers, true/false); at most ${APPLICANT_LIMITS.draftBytes} bytes. Files are not kept in a draft.`,
    access: PUBLIC,
    body: saveDraftSchema,
    responses: { 200: savedDraftSchema },
  },
  answerApplicantForm: {
    method: 'POST',
    path: '/api/apply/case/forms/:step_id',
    tags,
    security,
    summary: 'Answer the form the case waits for',
    description:
      'JSON with the answers by field key, or multipart/form-data with files, under the same rules as the intake API’s form answer; ' +
      `besides, a case’s files may weigh at most ${APPLICANT_LIMITS.caseFileBytes} bytes together (413).`,
    access: PUBLIC,
    consumes: ['application/json', 'multipart/form-data'],
    params: applicantFormParamsSchema,
    body: formAnswersSchema.optional(),
    form: formAnswerParts,
    responses: { 200: applicantCaseSchema },
  },
});
