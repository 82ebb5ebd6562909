import { TOOL_MESSAGES } from '@admin-portal/contract/tools/api';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ValidationError } from '@admin-portal/contract/common';
import { SERVER_MESSAGES } from '@admin-portal/contract/messages';
import { HttpError } from './errors.ts';

interface ZodIssueLike {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
}

function fieldOf(issue: ZodIssueLike): string {
  const path = issue.params?.issue?.path;
  if (path && path.length > 0) return path.map(String).join('.');
  return (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || 'body';
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
    if (hasZodFastifySchemaValidationErrors(error)) {
      const validationErrors: ValidationError[] = error.validation.map((issue) => ({
        field: fieldOf(issue as ZodIssueLike),
        message: (issue as ZodIssueLike).params?.issue?.message ?? issue.message ?? 'Invalid value',
      }));
      const first = validationErrors[0];
      return reply.status(422).send({
        detail: first ? `${SERVER_MESSAGES.validationFailed}: ${first.field}: ${first.message}` : SERVER_MESSAGES.validationFailed,
        validation_errors: validationErrors,
      });
    }
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({
        ...error.extra,
        detail: error.detail,
        ...(error.validationErrors ? { validation_errors: error.validationErrors } : {}),
      });
    }
    if (error.code === '23505') {
      const known = UNIQUE_CONFLICTS[(error as { constraint?: string }).constraint ?? ''];
      if (known) return reply.status(409).send({ detail: known.message, validation_errors: [known] });
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
