/**
 * An organization's settings for the applicant's pages, and the pages' limits (issue 34, ADR 0056). Zod-free, for the
 * staff pages' settings form; api.ts re-exports them with the schemas.
 */

/** An organization's `applicant_start` setting: anyone with a workflow's start link may start, only invited applicants (case links), or nobody. */
export const APPLICANT_START_MODES = ['open', 'invitation', 'off'] as const;
export type ApplicantStartMode = (typeof APPLICANT_START_MODES)[number];
export const APPLICANT_START_LABELS: Record<ApplicantStartMode, string> = {
  open: 'Anyone with a workflow’s start link',
  invitation: 'Invited applicants only (a personal link from you)',
  off: 'Start links are off',
};

export const APPLICANT_LIMITS = {
  /** Days a case link works for, by default and at most (the organization's `applicant_link_days`). */
  linkDaysDefault: 14,
  linkDaysMax: 90,
  /** Sites an organization may let embed its applicant pages. */
  embedOrigins: 10,
  /** Links of one case that work at once: making another revokes the oldest. */
  linksPerCase: 10,
  /** What a draft of answers may weigh (JSON). */
  draftBytes: 64 * 1024,
  /** Everything one case's files may weigh together (each file also within the upload limit). */
  caseFileBytes: 100 * 1024 * 1024,
  /** Per address: starts per hour, and calls of the case pages per minute; per link: calls per minute. */
  startsPerAddressPerHour: 10,
  callsPerAddressPerMinute: 120,
  callsPerLinkPerMinute: 60,
} as const;
