import { TOOL_MESSAGES } from '@admin-portal/contract/tools/api';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ValidationError } from '@admin-portal/contract/common';
import { INPUT_MESSAGES } from '@admin-portal/contract/input-rules';
import { SERVER_MESSAGES } from '@admin-portal/contract/messages';
import { fieldProblems, HttpError } from './errors.ts';

/** A zod issue as fastify-type-provider-zod hands it over: the code as `keyword`, the path as `instancePath`. */
interface ZodIssueLike {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: { keys?: string[] };
}

const fieldOf = (instancePath: string | undefined): string => (instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
const joinField = (...parts: string[]) => parts.filter(Boolean).join('.');

/**
 * A schema failure as field errors: one per issue, and one per key for unknown keys (the field is the key's
 * path). Unknown keys make the request malformed (400, ADR 0019); the rest are invalid values (422).
 */
function schemaFailure(issues: ZodIssueLike[], context: string | undefined): HttpError {
  const errors: ValidationError[] = [];
  let unknownKeys = false;
  for (const issue of issues) {
    const at = fieldOf(issue.instancePath);
    if (issue.keyword === 'unrecognized_keys') {
      unknownKeys = true;
      const message = context === 'querystring' ? INPUT_MESSAGES.unknownQueryParameter : INPUT_MESSAGES.unknownField;
      for (const key of issue.params?.keys ?? []) errors.push({ field: joinField(at, key), message });
      continue;
    }
    errors.push({ field: at || 'body', message: issue.message ?? 'Invalid value' });
  }
  return unknownKeys ? fieldProblems(400, INPUT_MESSAGES.malformedRequest, errors) : fieldProblems(422, SERVER_MESSAGES.validationFailed, errors);
}

const PARSE_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, SERVER_MESSAGES.malformedJson],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'Request body is empty but its content type is JSON'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, SERVER_MESSAGES.bodyTooLarge],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, SERVER_MESSAGES.unsupportedMediaType],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'Content-Length does not match the body'],
};

/**
 * Unique indexes whose violation is the client's conflict, not a server fault: services check first, but two
 * requests at once can both pass the check, and the index refuses the second (PostgreSQL SQLSTATE 23505).
 */
const UNIQUE_CONFLICTS: Record<string, ValidationError> = {
  users_email_key: { field: 'email', message: SERVER_MESSAGES.emailTaken },
  organizations_name_key: { field: 'name', message: SERVER_MESSAGES.organizationNameTaken },
  tools_org_name_key: { field: 'name', message: TOOL_MESSAGES.nameTaken },
  tool_configurations_tool_id_environment_key: { field: 'environment', message: TOOL_MESSAGES.environmentTaken },
};

/** One error handler: every failure leaves as `{detail, validation_errors?}`; 5xx details stay in the log. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = hasZodFastifySchemaValidationErrors(error)
      ? schemaFailure(error.validation as ZodIssueLike[], (error as { validationContext?: string }).validationContext)
      : error;
    if (known instanceof HttpError) {
      if (known.headers) reply.headers(known.headers);
      return reply.status(known.statusCode).send({
        ...known.extra,
        detail: known.detail,
        ...(known.validationErrors ? { validation_errors: known.validationErrors } : {}),
      });
    }
    if (error.code === '23505') {
      const conflict = UNIQUE_CONFLICTS[(error as { constraint?: string }).constraint ?? ''];
      if (conflict) return reply.status(409).send({ detail: conflict.message, validation_errors: [conflict] });
    }
    const parse = error.code ? PARSE_ERRORS[error.code] : undefined;
    if (parse) return reply.status(parse[0]).send({ detail: parse[1] });
    if (error instanceof SyntaxError) return reply.status(400).send({ detail: SERVER_MESSAGES.malformedJson });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.status(status).send({ detail: error.message });
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ detail: SERVER_MESSAGES.internalError });
  });
}
