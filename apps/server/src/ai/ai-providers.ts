import type { Config } from '../config.ts';
import { builtinAiProvider, type AiProvider } from '../engine/commands.ts';
import type { AssistantProvider } from './assistant.ts';
import type { FactCatalogue } from './fact-types.ts';
import { BuiltinAssistant } from './builtin-assistant.ts';
import { builtinGenerator, OpenAiGenerator, type DraftGenerator } from './generators/draft-generator.ts';
import { OpenAiAssistant } from './openai-assistant.ts';
import { OpenAiClient } from './openai-client.ts';
import { OpenAiStepProvider } from './openai-step-provider.ts';

/** What answers for the product's AI: the assistant's chat, the generators' drafts, and the workflows' `ai` steps. */
export interface AiProviders {
  assistant: AssistantProvider;
  generator: DraftGenerator;
  /** The provider of `ai` workflow steps (the engine's AI port). */
  steps: AiProvider;
}

/**
 * The one place the AI provider is chosen (DESIGN §1): an OpenAI-compatible model when AI_BASE_URL is set (AI_MODEL
 * names the model, AI_API_KEY is sent as a bearer token when set) for all three, else the built-in ones. AI_BASE_URL
 * without AI_MODEL is refused at start, never quietly replaced by the built-in provider. The assistants read the
 * product facts they are given (`facts`: modules/ai/product-facts.ts, handed over by app.ts).
 */
export function createAiProviders(config: Config, facts: FactCatalogue): AiProviders {
  const client = modelClient(config);
  if (!client) return { assistant: new BuiltinAssistant(facts), generator: builtinGenerator, steps: builtinAiProvider };
  return { assistant: new OpenAiAssistant(client, facts), generator: new OpenAiGenerator(client), steps: new OpenAiStepProvider(client) };
}

function modelClient(config: Config): OpenAiClient | null {
  if (!config.aiBaseUrl) return null;
  if (!config.aiModel) throw new Error('AI_MODEL must name the model when AI_BASE_URL is set (e.g. AI_MODEL=gpt-4o-mini).');
  return new OpenAiClient({ baseUrl: config.aiBaseUrl, apiKey: config.aiApiKey, model: config.aiModel, timeoutMs: config.aiTimeoutMs });
}
