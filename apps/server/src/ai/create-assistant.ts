import type { Config } from '../config.ts';
import type { AssistantProvider } from './assistant.ts';
import { BuiltinAssistant } from './builtin-assistant.ts';
import { OpenAiAssistant } from './openai-assistant.ts';
import { OpenAiClient } from './openai-client.ts';

/**
 * The assistant this process answers with (DESIGN §1): an OpenAI-compatible model when AI_BASE_URL is set (AI_MODEL
 * names the model, AI_API_KEY is sent as a bearer token when set), else the built-in one.
 */
export function createAssistant(config: Config): AssistantProvider {
  if (!config.aiBaseUrl) return new BuiltinAssistant();
  if (!config.aiModel) throw new Error('AI_MODEL must name the model when AI_BASE_URL is set (e.g. AI_MODEL=gpt-4o-mini).');
  return new OpenAiAssistant(new OpenAiClient({ baseUrl: config.aiBaseUrl, apiKey: config.aiApiKey, model: config.aiModel, timeoutMs: config.aiTimeoutMs }));
}
