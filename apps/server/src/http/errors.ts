import type { ValidationError } from '@admin-portal/contract/common';
import { SERVER_MESSAGES } from '@admin-portal/contract/messages';

/** An error with a status the client should see, rendered as DESIGN §4's `{detail, validation_errors}`. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly detail: string;
  readonly validationErrors: ValidationError[] | undefined;
  /** More fields of the error body, for routes that declare them in their error schema (e.g. a graph's `problems`). */
  readonly extra: Record<string, unknown> | undefined;
  /** Headers the answer carries (e.g. `retry-after` on a 429). */
  readonly headers: Record<string, string> | undefined;
  constructor(statusCode: number, detail: string, validationErrors?: ValidationError[], extra?: Record<string, unknown>, headers?: Record<string, string>) {
    super(detail);
    this.statusCode = statusCode;
    this.detail = detail;
    this.validationErrors = validationErrors;
    this.extra = extra;
    this.headers = headers;
  }
}

export const badRequest = (detail: string, validationErrors?: ValidationError[]) => new HttpError(400, detail, validationErrors);
export const unauthorized = (detail: string = SERVER_MESSAGES.notAuthenticated) => new HttpError(401, detail);
export const forbidden = (detail: string = SERVER_MESSAGES.forbidden) => new HttpError(403, detail);
export const notFound = (what = 'Resource') => new HttpError(404, `${what} not found`);
export const conflict = (detail: string, validationErrors?: ValidationError[]) => new HttpError(409, detail, validationErrors);
export const tooManyRequests = () => new HttpError(429, SERVER_MESSAGES.tooManyRequests);

/** A field-level problem found by business rules (not by the schema). */
export const invalidField = (field: string, message: string, status = 422) => new HttpError(status, message, [{ field, message }]);

/** A request refused for field problems: `detail` names the first (`prefix: field: message`) and counts the rest. */
export function fieldProblems(status: number, prefix: string, errors: ValidationError[]): HttpError {
  const first = errors[0];
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
  return new HttpError(status, first ? `${prefix}: ${first.field}: ${first.message}${more}` : prefix, errors);
}
