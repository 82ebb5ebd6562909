import type { ValidationError } from '@admin-portal/contract/common';

/** Spec §7: every call resolves to a result wrapped as success, status, data; it never throws for HTTP or network errors. */
export interface ApiSuccess<T> {
  success: true;
  status: number;
  data: T;
}

export interface ApiFailure {
  success: false;
  /** HTTP status, or 500 when the request never got an answer (network failure or timeout). */
  status: number;
  /** The response body, when there was one. */
  data: unknown;
  /** The server's `detail`, else the caller's fallback, else MESSAGES.defaultError. */
  message: string;
  /** The server's `validation_errors`, passed through to forms. */
  validation_errors: ValidationError[];
}

export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

/** Thrown by `unwrap` so TanStack Query sees failures as errors. */
export class ApiError extends Error {
  readonly status: number;
  readonly validationErrors: ValidationError[];
  /** The whole response body, for routes that say more than `detail` (e.g. a graph's `problems`). */
  readonly body: unknown;
  constructor(failure: ApiFailure) {
    super(failure.message);
    this.name = 'ApiError';
    this.status = failure.status;
    this.validationErrors = failure.validation_errors;
    this.body = failure.data;
  }
}

export function unwrap<T>(result: ApiResult<T>): T {
  if (!result.success) throw new ApiError(result);
  return result.data;
}
