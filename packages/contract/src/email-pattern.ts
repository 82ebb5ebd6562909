/** Spec §5: text, @, text, dot, text. Zod-free, for the applicant's page (zod-free.test.ts). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
