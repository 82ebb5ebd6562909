import type { Role } from '@admin-portal/contract/roles';
import { ASSISTANT_CASES, type AssistantCase, type EvalEnv } from './assistant-cases.ts';

export interface AskResult {
  response: string;
  links: { title: string; url: string }[];
  interactionId: string;
}

export interface CaseResult {
  id: string;
  message: string;
  pass: boolean;
  /** Expected text the answer lacks, and the intent when it was not the expected one. */
  problems: string[];
  ms: number;
}

/** Asks every case (as its role, on its page) and checks the answer against the facts it must hold. */
export async function runAssistantEval(
  env: EvalEnv,
  ask: (role: Role, path: string, message: string) => Promise<AskResult>,
  cases: readonly AssistantCase[] = ASSISTANT_CASES,
): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  for (const c of cases) {
    const expected = await c.expect(env);
    const started = performance.now();
    const answer = await ask(c.role, c.path, c.message);
    const ms = performance.now() - started;
    const text = `${answer.response}\n${answer.links.map((l) => l.url).join('\n')}`;
    const problems = expected.filter((e) => !text.includes(e)).map((e) => `missing "${e}"`);
    if (c.intent !== null) {
      const [row] = await env.sql<{ intent: string | null }>('select intent from ai_interactions where id = $1', [answer.interactionId]);
      if ((row?.intent ?? null) !== c.intent) problems.push(`intent ${row?.intent ?? 'none'}, expected ${c.intent}`);
    }
    results.push({ id: c.id, message: c.message, pass: problems.length === 0, problems, ms });
  }
  return results;
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]! : 0;
}
