/**
 * A small client for OpenAI-compatible chat completions (`POST {AI_BASE_URL}/chat/completions`): streaming (server-sent
 * events, assembled into text and tool calls), JSON-schema structured output, a timeout per attempt, and retries with
 * backoff on 429, 5xx and network failures. Anything it cannot get an answer from is an AssistantUnavailableError:
 * that includes an error object sent with HTTP 200 (in the stream or as the JSON body) and a stream that ends without
 * `data: [DONE]` (what it sent so far is not the whole answer).
 * Written over fetch rather than the `openai` package: the protocol subset is small, and the same code must speak to
 * every compatible server (vLLM, Ollama, LM Studio, llama.cpp, hosted APIs) without their extensions.
 */
import { AssistantUnavailableError } from './unavailable.ts';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string | null;
  tool_calls?: ToolCall[];
  tool_call_id?: string;
  name?: string;
}

export interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export interface ToolSpec {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

export interface CompletionRequest {
  messages: ChatMessage[];
  tools?: ToolSpec[];
  /** A JSON schema the answer must follow (structured output). */
  /** A JSON schema the answer must follow (structured output); `strict` (default true) asks the server to enforce it exactly. */
  jsonSchema?: { name: string; schema: Record<string, unknown>; strict?: boolean };
  temperature?: number;
}

export interface Completion {
  content: string;
  toolCalls: ToolCall[];
  promptTokens: number | null;
  completionTokens: number | null;
}

export interface OpenAiClientOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
  /** Attempts after the first (default 2). */
  retries?: number;
  /** First backoff (ms), doubled each retry (default 400). */
  backoffMs?: number;
  fetch?: typeof fetch;
}

const RETRYABLE = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const PROBE_TTL_MS = 30_000;
const PROBE_TIMEOUT_MS = 3_000;

export class OpenAiClient {
  readonly model: string;
  private readonly options: OpenAiClientOptions;

  constructor(options: OpenAiClientOptions) {
    this.options = options;
    this.model = options.model;
  }

  private probe: { at: number; ok: Promise<boolean> } | null = null;

  /** Whether the server answers `GET /models` (checked at most every 30 s, 3 s timeout). */
  reachable(): Promise<boolean> {
    if (this.probe && Date.now() - this.probe.at < PROBE_TTL_MS) return this.probe.ok;
    const ok = (this.options.fetch ?? fetch)(`${this.options.baseUrl.replace(/\/+$/, '')}/models`, {
      headers: this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {},
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    }).then(
      (res) => {
        void res.body?.cancel().catch(() => undefined);
        return res.ok;
      },
      () => false,
    );
    this.probe = { at: Date.now(), ok };
    return ok;
  }

  /** One completion; with `onDelta` the answer streams and each piece of text is handed over as it comes. */
  async complete(request: CompletionRequest, onDelta?: (text: string) => void): Promise<Completion> {
    const retries = this.options.retries ?? 2;
    let lastError: unknown = null;
    for (let attempt = 0; attempt <= retries; attempt += 1) {
      if (attempt > 0) await sleep((this.options.backoffMs ?? 400) * 2 ** (attempt - 1));
      let streamed = false;
      try {
        return await this.attempt(request, (text) => {
          streamed = true;
          onDelta?.(text);
        });
      } catch (error) {
        lastError = error;
        // Text already shown cannot be taken back: a stream that broke halfway is not retried.
        if (streamed || !(error instanceof RetryableError)) break;
      }
    }
    throw new AssistantUnavailableError(`The AI service did not answer: ${describe(lastError)}`, { cause: lastError });
  }

  private async attempt(request: CompletionRequest, onDelta: (text: string) => void): Promise<Completion> {
    const body: Record<string, unknown> = {
      model: this.options.model,
      messages: request.messages,
      stream: true,
      stream_options: { include_usage: true },
      temperature: request.temperature ?? 0.2,
    };
    if (request.tools?.length) body.tools = request.tools;
    if (request.jsonSchema) body.response_format = { type: 'json_schema', json_schema: { name: request.jsonSchema.name, schema: request.jsonSchema.schema, strict: request.jsonSchema.strict ?? true } };
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error(`timed out after ${this.options.timeoutMs} ms`)), this.options.timeoutMs);
    try {
      let res: Response;
      try {
        res = await (this.options.fetch ?? fetch)(`${this.options.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'text/event-stream, application/json', ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {}) },
          body: JSON.stringify(body),
          signal: controller.signal,
        });
      } catch (error) {
        throw new RetryableError(describe(controller.signal.aborted ? controller.signal.reason : error));
      }
      if (!res.ok) {
        const text = (await res.text().catch(() => '')).slice(0, 300);
        const message = `HTTP ${res.status}${text ? `: ${text}` : ''}`;
        throw RETRYABLE.has(res.status) ? new RetryableError(message) : new Error(message);
      }
      const type = res.headers.get('content-type') ?? '';
      if (type.includes('text/event-stream')) return await readStream(res, onDelta, controller.signal);
      const json = (await res.json()) as CompletionJson;
      if (json.error) throw reportedError(json.error);
      return fromJson(json);
    } catch (error) {
      if (controller.signal.aborted && !(error instanceof RetryableError)) throw new RetryableError(describe(controller.signal.reason));
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }
}

class RetryableError extends Error {}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The `error` object OpenAI-compatible servers send (some with HTTP 200, in the stream or as the body). */
interface ErrorJson {
  message?: unknown;
  type?: unknown;
  code?: unknown;
  status?: unknown;
}

/** An error the server reported: retried when it says it is overloaded, rate limited or failed on its side. */
function reportedError(error: ErrorJson | string): Error {
  const e: ErrorJson = typeof error === 'string' ? { message: error } : error;
  const message = `the AI service reported an error: ${typeof e.message === 'string' && e.message ? e.message.slice(0, 300) : JSON.stringify(e).slice(0, 300)}`;
  const status = Number(e.status ?? e.code);
  const transient = RETRYABLE.has(status) || /server|rate|overload|timeout|unavailable/i.test(`${String(e.type ?? '')} ${String(e.code ?? '')}`);
  return transient ? new RetryableError(message) : new Error(message);
}

interface CompletionJson {
  error?: ErrorJson | string;
  choices?: { message?: { content?: string | null; tool_calls?: ToolCall[] } }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number };
}

function fromJson(json: CompletionJson): Completion {
  const message = json.choices?.[0]?.message;
  return {
    content: message?.content ?? '',
    toolCalls: message?.tool_calls ?? [],
    promptTokens: json.usage?.prompt_tokens ?? null,
    completionTokens: json.usage?.completion_tokens ?? null,
  };
}

interface StreamChunk {
  error?: ErrorJson | string;
  choices?: { delta?: { content?: string | null; tool_calls?: { index: number; id?: string; function?: { name?: string; arguments?: string } }[] } }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
}

/**
 * Server-sent events of a streamed completion: text deltas handed on, tool calls assembled by index, usage kept. An
 * error chunk, or the end of the body before `data: [DONE]`, throws: the text so far is not an answer.
 */
async function readStream(res: Response, onDelta: (text: string) => void, signal: AbortSignal): Promise<Completion> {
  if (!res.body) throw new RetryableError('empty stream');
  const decoder = new TextDecoder();
  const calls: { id: string; name: string; args: string }[] = [];
  let content = '';
  let usage = null as StreamChunk['usage']; // set inside readLine: not narrowed to null
  let buffer = '';
  let done = false;
  /** One line of the stream; true once it is `data: [DONE]`. */
  const readLine = (raw: string): boolean => {
    const line = raw.trim();
    if (!line.startsWith('data:')) return false;
    const data = line.slice(5).trim();
    if (data === '[DONE]') return true;
    let chunk: StreamChunk;
    try {
      chunk = JSON.parse(data) as StreamChunk;
    } catch {
      return false;
    }
    if (chunk.error) throw reportedError(chunk.error);
    if (chunk.usage) usage = chunk.usage;
    const delta = chunk.choices?.[0]?.delta;
    if (delta?.content) {
      content += delta.content;
      onDelta(delta.content);
    }
    for (const t of delta?.tool_calls ?? []) {
      const call = (calls[t.index] ??= { id: '', name: '', args: '' });
      if (t.id) call.id = t.id;
      if (t.function?.name) call.name += t.function.name;
      if (t.function?.arguments) call.args += t.function.arguments;
    }
    return false;
  };
  const reader = res.body.getReader();
  try {
    while (!done) {
      if (signal.aborted) throw new RetryableError(describe(signal.reason));
      const { value, done: ended } = await reader.read();
      if (ended) {
        done = readLine(buffer + decoder.decode());
        break;
      }
      buffer += decoder.decode(value, { stream: true });
      let cut: number;
      while (!done && (cut = buffer.indexOf('\n')) >= 0) {
        done = readLine(buffer.slice(0, cut));
        buffer = buffer.slice(cut + 1);
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  if (!done) throw new RetryableError('the stream ended before [DONE]');
  return {
    content,
    toolCalls: calls.filter(Boolean).map((c, i) => ({ id: c.id || `call_${i}`, type: 'function', function: { name: c.name, arguments: c.args } })),
    promptTokens: usage?.prompt_tokens ?? null,
    completionTokens: usage?.completion_tokens ?? null,
  };
}
