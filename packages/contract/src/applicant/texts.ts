/**
 * The languages of the applicant's pages (an organization's `applicant_language` setting): each is one file of
 * texts with the same keys as English (texts-en.ts), so adding a language is a file and a line here. Zod-free.
 */
import { DE } from './texts-de.ts';
import { EN, type ApplicantTexts } from './texts-en.ts';

export type { ApplicantTexts } from './texts-en.ts';

export const APPLICANT_LANGUAGES = ['en', 'de'] as const;
export type ApplicantLanguage = (typeof APPLICANT_LANGUAGES)[number];
export const APPLICANT_LANGUAGE_LABELS: Record<ApplicantLanguage, string> = { en: 'English', de: 'Deutsch' };

const TEXTS: Record<ApplicantLanguage, ApplicantTexts> = { en: EN, de: DE };

export const applicantTexts = (language: string | null | undefined): ApplicantTexts => TEXTS[language as ApplicantLanguage] ?? EN;
