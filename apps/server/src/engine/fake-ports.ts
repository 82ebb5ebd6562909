/**
 * Ports for the engine's tests: tools answered by the test, webhooks and e-mails recorded rather than sent, step
 * outcomes counted, and a clock the test moves. The database stays real (PGlite): only the outside world is faked.
 */
import { builtinAiProvider } from './ai/builtin-provider.ts';
import type { MailMessage, Mailer } from './mailer.ts';
import type { Clock, EnginePorts, FoundTool, StepMetrics, StepOutcomeLabel, ToolCall, ToolTarget, WebhookAnswer } from './ports.ts';

/** A tool as a test defines it: what a call with `input` answers (or throws). */
export type FakeTool = (
  input: Record<string, unknown>,
  target: ToolTarget,
) => Promise<Omit<Extract<ToolCall, { kind: 'ran' }>, 'afterwards' | 'executionId'> | ToolCall>;

export interface FakePorts extends EnginePorts {
  /** Tools by name; a name not here is unavailable (not approved). */
  readonly toolsByName: Map<string, FakeTool>;
  /** Calls made, in order. */
  readonly toolCalls: { toolName: string; input: Record<string, unknown> }[];
  /** E-mails sent. */
  readonly sent: MailMessage[];
  /** Webhooks posted, and what the next posts answer (default 200). */
  readonly posted: { url: string; body: string; headers: Readonly<Record<string, string>> }[];
  webhookAnswer: WebhookAnswer;
  /** Step outcomes counted, `type/outcome` → count. */
  readonly counted: Map<string, number>;
  /** Applicant links made for e-mails, in order. */
  readonly links: { applicationId: string; sentTo: string }[];
  readonly clock: Clock & { set(ms: number): void; advance(ms: number): void };
}

export function fakePorts(options: { mailConfigured?: boolean; now?: number } = {}): FakePorts {
  const toolsByName = new Map<string, FakeTool>();
  const toolCalls: FakePorts['toolCalls'] = [];
  const sent: MailMessage[] = [];
  const posted: FakePorts['posted'] = [];
  const links: FakePorts['links'] = [];
  const counted = new Map<string, number>();
  let now = options.now ?? Date.now();
  let executions = 0;

  const mailer: Mailer = {
    configured: options.mailConfigured ?? true,
    async send(message) {
      sent.push(message);
      return { messageId: `<fake-${sent.length}@test>` };
    },
    close: () => undefined,
  };
  const metrics: StepMetrics = {
    stepOutcome(stepType: string, outcome: StepOutcomeLabel) {
      const key = `${stepType}/${outcome}`;
      counted.set(key, (counted.get(key) ?? 0) + 1);
    },
  };
  const ports: FakePorts = {
    toolsByName,
    toolCalls,
    sent,
    posted,
    counted,
    webhookAnswer: { kind: 'answered', status: 200 },
    tools: {
      callsOut: () => true,
      async find(_q, target): Promise<FoundTool> {
        const tool = toolsByName.get(target.toolName);
        if (!tool) return { kind: 'unavailable' };
        return {
          kind: 'found',
          async call(input) {
            toolCalls.push({ toolName: target.toolName, input });
            const answer = await tool(input, target);
            if (answer.kind !== 'ran') return answer;
            executions += 1;
            return { executionId: `00000000-0000-4000-8000-${String(executions).padStart(12, '0')}`, afterwards: async () => undefined, ...answer };
          },
        };
      },
    },
    webhooks: {
      async post(url, body, headers) {
        posted.push({ url: url.href, body, headers });
        return ports.webhookAnswer;
      },
    },
    mailer,
    applicantLinks: {
      async issue(_q, c, sentTo) {
        links.push({ applicationId: c.id, sentTo });
        return `https://portal.test/apply/c/fake-link-${links.length}`;
      },
    },
    links,
    ai: builtinAiProvider,
    metrics,
    clock: {
      now: () => now,
      set: (ms) => void (now = ms),
      advance: (ms) => void (now += ms),
    },
  };
  return ports;
}
