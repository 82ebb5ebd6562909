/**
 * Thrown when an AI provider cannot answer (unreachable, timed out, refused): the caller shows spec §8's failure. A
 * module of its own, so the model's client (openai-client.ts) and the assistant share it without importing each other.
 */
export class AssistantUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AssistantUnavailableError';
  }
}
