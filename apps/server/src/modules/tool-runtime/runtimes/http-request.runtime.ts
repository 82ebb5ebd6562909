/**
 * http_request: method, URL (query parameters appended), headers and, for POST/PUT/PATCH, a JSON body, all
 * filled from the templates; answers the JSON (or text) of the response, or the `result_path` part of it.
 * A query parameter whose value fills to the empty string is left out (an optional input that is missing).
 */
import { httpRequestTool } from '@admin-portal/contract/tools/tool-types/http-request';
import { performHttpCall } from '../http-exchange.ts';
import { buildHeaders, DEFAULT_ACCEPT, fillTargetUrl } from '../outbound-request.ts';
import { failed, readConfig, type ToolRuntime } from '../runtime.ts';
import { fillJsonTemplate, fillString, type TemplateScope } from '../templates.ts';

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/** The value at a dotted path (`data.items.0.id`) of a JSON value, or undefined. */
export function pickPath(value: unknown, path: string): unknown {
  let current = value;
  for (const segment of path.split('.').filter(Boolean)) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

export const runHttpRequest: ToolRuntime = async (tool, input, ctx) => {
  const read = readConfig(httpRequestTool.config, tool);
  if ('outcome' in read) return read.outcome;
  const config = read.config;
  const scope: TemplateScope = { input, config: tool.config, secrets: ctx.secrets, environment: ctx.environment };

  const url = fillTargetUrl(config.url, scope);
  if ('outcome' in url) return url.outcome;
  for (const [name, template] of Object.entries(config.query)) {
    const value = fillString(template, scope);
    if (value !== '') url.url.searchParams.append(name, value);
  }

  let body: unknown;
  const withBody = METHODS_WITH_BODY.has(config.method);
  if (withBody) {
    try {
      body = fillJsonTemplate(config.body_template, scope) ?? null;
    } catch (error) {
      return failed(error instanceof Error ? error.message : String(error));
    }
  }
  const headers = buildHeaders(config.headers, scope, withBody ? { accept: DEFAULT_ACCEPT, 'content-type': 'application/json' } : { accept: DEFAULT_ACCEPT });
  if ('outcome' in headers) return headers.outcome;

  const exchange = await performHttpCall(
    { method: config.method, url: url.url, headers: headers.headers, ...(withBody ? { body: JSON.stringify(body), recordedBody: body } : {}) },
    {
      timeoutMs: config.timeout_ms,
      retries: config.retries,
      maxResponseBytes: config.max_response_bytes,
      allowedHosts: ctx.allowedHosts,
      signal: ctx.signal,
      resolve: ctx.resolve,
    },
  );
  const outcome = {
    status: exchange.status,
    error: exchange.error,
    request: exchange.request,
    response: exchange.response,
    attempts: exchange.attempts,
    output: null as unknown,
  };
  if (exchange.status !== 'success') return outcome;
  if (config.result_path) {
    if (!exchange.bodyIsJson) return { ...outcome, status: 'error', error: `result_path "${config.result_path}" needs a JSON response` };
    return { ...outcome, output: pickPath(exchange.body, config.result_path) ?? null };
  }
  return { ...outcome, output: exchange.body };
};
