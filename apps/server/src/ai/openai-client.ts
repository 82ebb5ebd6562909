/**
 * Chat completions from any OpenAI-compatible server (`AI_BASE_URL`: OpenAI, vLLM, Ollama, LM Studio, llama.cpp,
 * hosted APIs), on the official `openai` package: it sends the requests, retries 408/409/429/5xx and dropped
 * connections with backoff, times out each attempt, and reads server-sent events. This file is the adapter around
 * it: streamed text handed on as it comes, tool calls assembled by index, JSON-schema structured output, and every
 * failure turned into the product's AssistantUnavailableError — including what the package lets through as an
 * answer: an error object sent with HTTP 200 (as the body), and a stream that ends before its `finish_reason`
 * (what it sent so far is not the whole answer). A stream that broke before any text is tried again; text already
 * shown is never taken back by a retry.
 */
import OpenAI, { APIConnectionError, APIError } from 'openai';
import type { ChatCompletionChunk, ChatCompletionCreateParamsBase } from 'openai/resources/chat/completions';
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
  fetch?: typeof fetch;
}

const PROBE_TTL_MS = 30_000;
const PROBE_TIMEOUT_MS = 3_000;

export class OpenAiClient {
  readonly model: string;
  private readonly sdk: OpenAI;
  private readonly retries: number;
  private probe: { at: number; ok: Promise<boolean> } | null = null;

  constructor(options: OpenAiClientOptions) {
    this.model = options.model;
    this.retries = options.retries ?? 2;
    this.sdk = new OpenAI({
      baseURL: options.baseUrl,
      // The package needs a key; a server that takes none gets no Authorization header (removed below).
      apiKey: options.apiKey || 'no-key',
      ...(options.apiKey ? {} : { defaultHeaders: { authorization: null } }),
      // Nothing from OPENAI_* variables: AI_BASE_URL, AI_MODEL and AI_API_KEY say everything that is sent.
      organization: null,
      project: null,
      timeout: options.timeoutMs,
      maxRetries: this.retries,
      logLevel: 'off',
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
  }

  /** Whether the server answers `GET /models` (checked at most every 30 s, 3 s timeout, no retry). */
  reachable(): Promise<boolean> {
    if (this.probe && Date.now() - this.probe.at < PROBE_TTL_MS) return this.probe.ok;
    const ok = this.sdk.models.list({ timeout: PROBE_TIMEOUT_MS, maxRetries: 0 }).then(
      () => true,
      () => false,
    );
    this.probe = { at: Date.now(), ok };
    return ok;
  }

  /** One completion; with `onDelta` the answer streams and each piece of text is handed over as it comes. */
  async complete(request: CompletionRequest, onDelta?: (text: string) => void): Promise<Completion> {
    const body: ChatCompletionCreateParamsBase = {
      model: this.model,
      messages: request.messages as ChatCompletionCreateParamsBase['messages'],
      temperature: request.temperature ?? 0.2,
      ...(request.tools?.length ? { tools: request.tools } : {}),
      ...(request.jsonSchema
        ? {
            response_format: {
              type: 'json_schema',
              json_schema: { name: request.jsonSchema.name, schema: request.jsonSchema.schema, strict: request.jsonSchema.strict ?? true },
            },
          }
        : {}),
    };
    if (!onDelta) {
      try {
        const json = (await this.sdk.chat.completions.create({ ...body, stream: false })) as CompletionJson;
        if (json.error) throw reportedError(json.error);
        return fromJson(json);
      } catch (error) {
        throw unavailable(error);
      }
    }
    // The package retries until a stream begins; a stream that fails before any text is tried again here.
    let lastError: unknown = null;
    for (let attempt = 0; attempt <= this.retries; attempt += 1) {
      let streamed = false;
      try {
        return await this.stream(body, (text) => {
          streamed = true;
          onDelta(text);
        });
      } catch (error) {
        lastError = error;
        if (streamed || !(error instanceof StreamBroke)) break;
      }
    }
    throw unavailable(lastError);
  }

  private async stream(body: ChatCompletionCreateParamsBase, onDelta: (text: string) => void): Promise<Completion> {
    const chunks = await this.sdk.chat.completions.create({ ...body, stream: true, stream_options: { include_usage: true } });
    const calls: { id: string; name: string; args: string }[] = [];
    let content = '';
    let usage: ChatCompletionChunk['usage'] = null;
    let finished = false;
    try {
      for await (const chunk of chunks) {
        if (chunk.usage) usage = chunk.usage;
        const choice = chunk.choices?.[0];
        if (choice?.finish_reason) finished = true;
        const delta = choice?.delta;
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
      }
    } catch (error) {
      // An error object inside the stream (HTTP 200), or the connection dropping mid-stream.
      throw new StreamBroke(error instanceof APIError && error.status === undefined ? describeReported(error) : describe(error), transient(error));
    }
    if (!finished) throw new StreamBroke('the stream ended before the answer finished', true);
    return {
      content,
      toolCalls: calls.filter(Boolean).map((c, i) => ({ id: c.id || `call_${i}`, type: 'function', function: { name: c.name, arguments: c.args } })),
      promptTokens: usage?.prompt_tokens ?? null,
      completionTokens: usage?.completion_tokens ?? null,
    };
  }
}

/** A stream that broke after it began (the package does not retry those); `retryable` when trying again may help. */
class StreamBroke extends Error {
  readonly retryable: boolean;
  constructor(message: string, retryable: boolean) {
    super(message);
    this.retryable = retryable;
  }
}

const RETRYABLE = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The product's error for anything the AI service did not answer. */
function unavailable(error: unknown): AssistantUnavailableError {
  if (error instanceof AssistantUnavailableError) return error;
  return new AssistantUnavailableError(`The AI service did not answer: ${describe(error)}`, { cause: error });
}

/** Whether an error inside a stream is worth another attempt: a dropped connection, or a server saying it is busy. */
function transient(error: unknown): boolean {
  if (error instanceof APIConnectionError) return true;
  if (!(error instanceof APIError)) return true;
  const e = (error.error ?? {}) as ErrorJson;
  return RETRYABLE.has(Number(e.status ?? e.code)) || /server|rate|overload|timeout|unavailable/i.test(`${String(e.type ?? '')} ${String(e.code ?? '')}`);
}

/** The `error` object OpenAI-compatible servers send (some with HTTP 200, in the stream or as the body). */
interface ErrorJson {
  message?: unknown;
  type?: unknown;
  code?: unknown;
  status?: unknown;
}

const reportedText = (e: ErrorJson) =>
  `the AI service reported an error: ${typeof e.message === 'string' && e.message ? e.message.slice(0, 300) : JSON.stringify(e).slice(0, 300)}`;

function describeReported(error: APIError): string {
  const body = error.error;
  return reportedText(typeof body === 'object' && body !== null ? (body as ErrorJson) : { message: String(body ?? error.message) });
}

/** An error the server reported in a JSON answer sent with HTTP 200. */
function reportedError(error: ErrorJson | string): Error {
  return new Error(reportedText(typeof error === 'string' ? { message: error } : error));
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
