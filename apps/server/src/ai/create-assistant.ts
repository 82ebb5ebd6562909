import type { Config } from '../config.ts';
import type { AssistantProvider } from './assistant.ts';
import { BuiltinAssistant } from './builtin-assistant.ts';
import { builtinGenerator, OpenAiGenerator, type DraftGenerator } from './generators/draft-generator.ts';
import { OpenAiAssistant } from './openai-assistant.ts';
import { OpenAiClient } from './openai-client.ts';

/**
 * The assistant this process answers with (DESIGN §1): an OpenAI-compatible model when AI_BASE_URL is set (AI_MODEL
 * names the model, AI_API_KEY is sent as a bearer token when set), else the built-in one.
 */
export function createAssistant(config: Config): AssistantProvider {
  const client = modelClient(config);
  return client ? new OpenAiAssistant(client) : new BuiltinAssistant();
}

/** The generators' drafter: the same model as the assistant, else the built-in generator. */
export function createGenerator(config: Config): DraftGenerator {
  const client = modelClient(config);
  return client ? new OpenAiGenerator(client) : builtinGenerator;
}

function modelClient(config: Config): OpenAiClient | null {
  if (!config.aiBaseUrl) return null;
  if (!config.aiModel) throw new Error('AI_MODEL must name the model when AI_BASE_URL is set (e.g. AI_MODEL=gpt-4o-mini).');
  return new OpenAiClient({ baseUrl: config.aiBaseUrl, apiKey: config.aiApiKey, model: config.aiModel, timeoutMs: config.aiTimeoutMs });
}
