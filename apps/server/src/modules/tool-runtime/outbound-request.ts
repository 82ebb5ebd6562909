/**
 * Pieces every outbound tool type shares: the target URL and the headers, filled from their templates.
 */
import { failed, type RuntimeOutcome } from './runtime.ts';
import { fillString, fillUrlTemplate, type TemplateScope } from './templates.ts';

export const USER_AGENT = 'admin-portal-tools/1.0';

/** The URL template filled (input values percent-encoded) and parsed; the SSRF guard checks it later. */
export function fillTargetUrl(template: string, scope: TemplateScope): { url: URL } | { outcome: RuntimeOutcome } {
  const filled = fillUrlTemplate(template, scope);
  try {
    return { url: new URL(filled) };
  } catch {
    return { outcome: failed(`The URL is not valid once its template is filled: ${filled}`) };
  }
}

/** What http_request and webhook accept unless the tool says otherwise. */
export const DEFAULT_ACCEPT = 'application/json, text/plain;q=0.9, */*;q=0.8';

/**
 * The headers to send: the tool's header templates filled, over `defaults` and a User-Agent (names compared
 * without case; the tool's own win). A value that fills to something with a line break is refused rather than
 * sent (header injection).
 */
export function buildHeaders(
  templates: Readonly<Record<string, string>>,
  scope: TemplateScope,
  defaults: Record<string, string> = {},
): { headers: Record<string, string> } | { outcome: RuntimeOutcome } {
  const headers: Record<string, string> = {};
  const own = new Set(Object.keys(templates).map((k) => k.toLowerCase()));
  for (const [name, value] of Object.entries({ 'user-agent': USER_AGENT, ...defaults })) {
    if (!own.has(name.toLowerCase())) headers[name] = value;
  }
  for (const [name, template] of Object.entries(templates)) {
    const value = fillString(template, scope);
    if (/[\r\n\0]/.test(value)) return { outcome: failed(`Header ${name} contains a line break once its template is filled`) };
    headers[name] = value;
  }
  return { headers };
}
