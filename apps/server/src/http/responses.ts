import { errorBodySchema } from '@admin-portal/contract/common';

/** Error responses every route can give, declared so the OpenAPI document shows them. */
export const ERROR_RESPONSES = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  413: errorBodySchema,
  415: errorBodySchema,
  422: errorBodySchema,
  429: errorBodySchema,
} as const;
