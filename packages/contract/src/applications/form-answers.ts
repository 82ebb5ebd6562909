/**
 * The rules of a form step's answers, zod-free: the server checks every answer with them (forms.service.ts) and the
 * applicant's page checks as the applicant types with the same functions (issue 34), so the two never disagree.
 * Problems are codes; each side words them (the server in English, the page in the organization's language).
 */
import { EMAIL_PATTERN } from '../email-pattern.ts';

export const FORM_FIELD_TYPES = ['text', 'email', 'number', 'date', 'select', 'checkbox', 'file'] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

/** A form field as the applicant (and an intake client) sees it. */
export interface FormFieldView {
  key: string;
  label: string;
  type: FormFieldType;
  required: boolean;
  /** Choices, for select fields. */
  options: string[];
}

/** The longest text answer, and the longest e-mail address. */
export const ANSWER_TEXT_MAX = 10_000;
export const ANSWER_EMAIL_MAX = 254;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export type AnswerProblem = 'required' | 'text_too_long' | 'email' | 'number' | 'date' | 'select' | 'checkbox' | 'file_expected';

/** The server's (and the intake API's) words for each problem. */
export function answerProblemMessage(problem: AnswerProblem, field: Pick<FormFieldView, 'options'>): string {
  switch (problem) {
    case 'required':
      return 'This field is required';
    case 'text_too_long':
      return `Expected text of at most ${ANSWER_TEXT_MAX} characters`;
    case 'email':
      return 'Please enter a valid email address';
    case 'number':
      return 'Expected a number';
    case 'date':
      return 'Expected a date as YYYY-MM-DD';
    case 'select':
      return `Choose one of: ${field.options.join(', ')}`;
    case 'checkbox':
      return 'Expected true or false';
    case 'file_expected':
      return 'Send the file as multipart/form-data';
  }
}

/** Whether an answer counts as not given. */
export const isEmptyAnswer = (value: unknown) => value === undefined || value === null || value === '';

/** One (given) answer to a field that takes a value, checked and normalised, or its problem. */
export function checkAnswer(field: Pick<FormFieldView, 'type' | 'options'>, value: unknown): { value: unknown } | { problem: AnswerProblem } {
  switch (field.type) {
    case 'text':
      return typeof value === 'string' && value.length <= ANSWER_TEXT_MAX ? { value } : { problem: 'text_too_long' };
    case 'email':
      return typeof value === 'string' && value.length <= ANSWER_EMAIL_MAX && EMAIL_PATTERN.test(value.trim())
        ? { value: value.trim().toLowerCase() }
        : { problem: 'email' };
    case 'number': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      return typeof n === 'number' && Number.isFinite(n) ? { value: n } : { problem: 'number' };
    }
    case 'date':
      return typeof value === 'string' && ISO_DATE.test(value) && !Number.isNaN(Date.parse(value)) ? { value } : { problem: 'date' };
    case 'select':
      return typeof value === 'string' && field.options.includes(value) ? { value } : { problem: 'select' };
    case 'checkbox': {
      if (typeof value === 'boolean') return { value };
      if (value === 'true' || value === 'on') return { value: true };
      if (value === 'false') return { value: false };
      return { problem: 'checkbox' };
    }
    case 'file':
      return { problem: 'file_expected' };
  }
}
