/**
 * The built-in AI provider: offline, deterministic and explainable (no model runs here). A decision follows
 * rules written in the step's prompt, one per line, as `<option> if <expression>` over the application data
 * (the condition language): the first rule that holds decides, and the answer names it. A summary is made from
 * the applicant and the application data.
 */
import { evaluateCondition } from '@admin-portal/contract/workflows/expression';
import type { AiProvider, AiStepRequest, AiStepResult } from './provider.ts';

export const BUILTIN_PROVIDER = 'built-in';
const RULE = /^\s*(?:[-*]\s*)?["']?([^"'\n]+?)["']?\s+if\s+(.+?)\s*$/i;
const MAX_FIELDS = 12;
const MAX_VALUE = 80;

function decide(request: AiStepRequest): AiStepResult {
  const scope = { data: request.data, applicant: request.applicant };
  const byName = new Map(request.options.map((o) => [o.toLowerCase(), o]));
  for (const line of request.prompt.split('\n')) {
    const match = RULE.exec(line);
    const option = match ? byName.get(match[1]!.trim().toLowerCase()) : undefined;
    if (!match || !option) continue;
    try {
      if (evaluateCondition(match[2]!, scope)) {
        return { provider: BUILTIN_PROVIDER, mode: 'decision', decision: option, explanation: `Rule "${line.trim()}" holds for this application.` };
      }
    } catch {
      // A line that only looks like a rule is prose.
    }
  }
  const fallback = request.options.find((o) => /review|manual|refer|escalat/i.test(o)) ?? request.options[request.options.length - 1]!;
  return {
    provider: BUILTIN_PROVIDER,
    mode: 'decision',
    decision: fallback,
    explanation:
      `No rule in the prompt holds, so the built-in provider chose "${fallback}". ` +
      'Write rules in the prompt, one per line, as "<option> if <expression>", e.g. "approve if data.score >= 70".',
  };
}

function shown(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

function summarize(request: AiStepRequest): AiStepResult {
  const name = typeof request.applicant.name === 'string' ? request.applicant.name : 'The applicant';
  const email = typeof request.applicant.email === 'string' ? ` (${request.applicant.email})` : '';
  const entries = Object.entries(request.data).filter(([, v]) => v !== null && v !== undefined && v !== '');
  const listed = entries.slice(0, MAX_FIELDS).map(([k, v]) => `${k.replaceAll('_', ' ')}: ${shown(v)}`);
  const more = entries.length > MAX_FIELDS ? ` and ${entries.length - MAX_FIELDS} more fields` : '';
  const summary =
    `${name}${email} applied through "${request.workflowName}". ` +
    (listed.length > 0 ? `Provided ${listed.join('; ')}${more}.` : 'No application data was provided yet.');
  return {
    provider: BUILTIN_PROVIDER,
    mode: 'summary',
    summary,
    explanation: `Summary of the applicant and ${entries.length} data fields, made by the built-in provider (no language model).`,
  };
}

export const builtinAiProvider: AiProvider = {
  name: BUILTIN_PROVIDER,
  remote: false,
  runStep: async (request) => (request.mode === 'decision' ? decide(request) : summarize(request)),
};
