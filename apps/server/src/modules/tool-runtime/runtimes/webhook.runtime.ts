/**
 * webhook: POSTs the JSON payload (the filled template, or the input as it is) to the URL. With
 * `signing_secret` naming a secret of the environment, the header `X-Signature-256: sha256=<hex>` carries the
 * HMAC-SHA256 of the exact bytes of the body under that secret. Answers `{ status, body }` of the response.
 */
import { createHmac } from 'node:crypto';
import { webhookTool } from '@admin-portal/contract/tools/tool-types/webhook';
import { performHttpCall } from '../http-exchange.ts';
import { buildHeaders, DEFAULT_ACCEPT, fillTargetUrl } from '../outbound-request.ts';
import { failed, readConfig, type ToolRuntime } from '../runtime.ts';
import { fillJsonTemplate, type TemplateScope } from '../templates.ts';

export const SIGNATURE_HEADER = 'X-Signature-256';
/** Webhook answers are small acknowledgements: read at most this much of one. */
export const WEBHOOK_MAX_RESPONSE_BYTES = 1024 * 1024;

/** The value of X-Signature-256 for a body. */
export function signPayload(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

export const runWebhook: ToolRuntime = async (tool, input, ctx) => {
  const read = readConfig(webhookTool.config, tool);
  if ('outcome' in read) return read.outcome;
  const config = read.config;
  const scope: TemplateScope = { input, config: tool.config, secrets: ctx.secrets, environment: ctx.environment };

  const url = fillTargetUrl(config.url, scope);
  if ('outcome' in url) return url.outcome;
  let payload: unknown;
  try {
    payload = fillJsonTemplate(config.payload_template, scope) ?? null;
  } catch (error) {
    return failed(error instanceof Error ? error.message : String(error));
  }
  const body = JSON.stringify(payload);

  const headers = buildHeaders(config.headers, scope, { accept: DEFAULT_ACCEPT, 'content-type': 'application/json' });
  if ('outcome' in headers) return headers.outcome;
  if (config.signing_secret) {
    const secret = ctx.secrets[config.signing_secret];
    if (secret === undefined || secret === '') {
      return failed(`The signing secret ${config.signing_secret} is not set in the ${ctx.environment} configuration`);
    }
    // The signature always wins over a header of the same name in the config.
    for (const name of Object.keys(headers.headers)) if (name.toLowerCase() === SIGNATURE_HEADER.toLowerCase()) delete headers.headers[name];
    headers.headers[SIGNATURE_HEADER] = signPayload(body, secret);
  }

  const exchange = await performHttpCall(
    { method: 'POST', url: url.url, headers: headers.headers, body, recordedBody: payload },
    {
      timeoutMs: config.timeout_ms,
      retries: config.retries,
      maxResponseBytes: WEBHOOK_MAX_RESPONSE_BYTES,
      allowedHosts: ctx.allowedHosts,
      signal: ctx.signal,
      resolve: ctx.resolve,
    },
  );
  return {
    status: exchange.status,
    error: exchange.error,
    request: exchange.request,
    response: exchange.response,
    attempts: exchange.attempts,
    output: exchange.status === 'success' ? { status: exchange.httpStatus, body: exchange.body } : null,
  };
};
