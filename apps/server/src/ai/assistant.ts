/**
 * The assistant behind the AI panel (spec §2, §4): one interface for every provider. A provider gets the question,
 * the page it was asked on and the product facts it may read for this user, and answers in light markdown with
 * suggestions and links into the portal.
 */
import type { AiContext } from '@admin-portal/contract/ai/api';
import type { AiPageKey } from '@admin-portal/contract/ai/pages';
import type { FactContext, Link } from './fact-types.ts';

export interface AssistantRequest {
  message: string;
  page: AiPageKey;
  context: AiContext;
  /** The organization the user acts in, by name (from the server, never from the client's context). */
  organizationName: string | null;
  facts: FactContext;
}

export interface AssistantReply {
  /** Markdown: numbered `###` sections, bullets, bold, italic, links into the portal. */
  response: string;
  suggestions: string[];
  links: Link[];
  /** What the question was taken to be about, and who answered. */
  understood: string;
  /** The facts or the kind of answer used (for the interaction log), e.g. "review_queue" or "guide". */
  intent: string | null;
  promptTokens?: number;
  completionTokens?: number;
}

export interface AssistantProvider {
  /** "built-in" or "openai-compatible". */
  readonly name: string;
  readonly model: string | null;
  reply(request: AssistantRequest, onDelta?: (text: string) => void): Promise<AssistantReply>;
  /** Whether it can answer now (the panel's badge). */
  online(): Promise<boolean>;
}
