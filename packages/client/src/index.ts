/**
 * A typed client for the Admin Portal API (issue 38): openapi-fetch over the types generated from the OpenAPI
 * document (schema.ts), with the portal's sign-in and token refresh, pagination and the applications' event stream.
 * See packages/client/README.md.
 */
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, paths } from './schema.ts';

export type { components, paths } from './schema.ts';
/** The API's named models: `Schemas['Tool']`, `Schemas['ApplicationSummary']`, … */
export type Schemas = components['schemas'];

export interface AdminPortalClientOptions {
  /** Where the portal runs, e.g. `https://portal.example.com` (the paths start with /api). */
  baseUrl: string;
  /** An organization API key (`apk_…`) for the intake API and the MCP endpoint, instead of signing in. */
  apiKey?: string;
  /** Your own fetch (a proxy, a test double); the global one by default. */
  fetch?: typeof fetch;
  /** The organization a super administrator acts in (sent as X-Organization-Id). */
  organizationId?: string;
}

/** The token pair of a signed-in session, as `POST /api/auth/login` and `/api/auth/refresh` answer it. */
export interface Session {
  accessToken: string;
  refreshToken: string;
  /** When the access token expires (ms since the epoch). */
  expiresAt: number;
}

/** Thrown when the API answers an error: its status, `detail` and field errors. */
export class AdminPortalError extends Error {
  readonly status: number;
  readonly detail: string;
  readonly validationErrors: { field: string; message: string }[];
  constructor(status: number, body: unknown) {
    const detail = typeof (body as { detail?: unknown })?.detail === 'string' ? (body as { detail: string }).detail : `HTTP ${status}`;
    super(detail);
    this.name = 'AdminPortalError';
    this.status = status;
    this.detail = detail;
    const errors = (body as { validation_errors?: unknown })?.validation_errors;
    this.validationErrors = Array.isArray(errors) ? (errors as { field: string; message: string }[]) : [];
  }
}

/** One event of `GET /api/admin/applications/stream`. */
export interface StreamEvent {
  /** The event's id: pass it back as `lastEventId` to resume after it. */
  id: string | null;
  /** The event's type (`application`, `review`, …), `message` when the server named none. */
  event: string;
  /** The event's data, parsed as JSON when it is JSON. */
  data: unknown;
}

/** What `paginate` asks for next: pass it into the list's query. `cursor` only after a list that pages by cursor said where to go on. */
export interface Page {
  limit: number;
  offset: number;
  cursor?: string;
}

/** A list's answer: its items, the total (capped and marked inexact on the largest lists) and, for keyset lists, the next cursor. */
interface ListAnswer<T> {
  items: T[];
  total: number;
  total_exact?: boolean;
  next_cursor?: string | null;
}

/** Refresh this long before the access token expires, so a request never carries an expired one. */
const REFRESH_MARGIN_MS = 30_000;

type LoginAnswer = { access_token: string; refresh_token: string; expires_in: number };

const isTokenAnswer = (value: unknown): value is LoginAnswer =>
  typeof (value as LoginAnswer)?.access_token === 'string' && typeof (value as LoginAnswer)?.refresh_token === 'string';

export interface AdminPortalClient extends Client<paths> {
  /** Signs in with e-mail and password; throws AdminPortalError when refused, or when the account needs a second factor. */
  signIn(email: string, password: string): Promise<Session>;
  /** Uses a session you already hold (e.g. stored from an earlier run). */
  useSession(session: Session | null): void;
  /** The current session, after any refresh (store it to resume later). */
  session(): Session | null;
  /** Trades the refresh token for a new pair now (the client also does this by itself before the access token expires). */
  refresh(): Promise<Session>;
  /** Ends the session on the server. */
  signOut(): Promise<void>;
  /** Every item of a paginated list, page after page (`limit`/`offset`), as one async sequence. */
  paginate<T>(fetchPage: (page: Page) => Promise<{ data?: ListAnswer<T>; error?: unknown; response: Response }>, pageSize?: number): AsyncGenerator<T>;
  /**
   * The applications' live events (`GET /api/admin/applications/stream`), resuming after `lastEventId`: follows the
   * stream until `signal` aborts, reconnecting with the last event's id when the connection drops.
   */
  followApplicationStream(options: { lastEventId?: string; signal: AbortSignal; retryMs?: number }): AsyncGenerator<StreamEvent>;
}

/** Creates a client. Sign in with `signIn`, or pass an `apiKey` for the intake API. */
export function createAdminPortalClient(options: AdminPortalClientOptions): AdminPortalClient {
  const fetchImpl = options.fetch ?? ((input: Request) => globalThis.fetch(input));
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const client = createClient<paths>({ baseUrl, fetch: fetchImpl });
  let current: Session | null = null;
  let refreshing: Promise<Session> | null = null;

  const toSession = (answer: LoginAnswer): Session => ({
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token,
    expiresAt: Date.now() + answer.expires_in * 1000,
  });

  async function post(path: string, body: unknown, token?: string): Promise<unknown> {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await fetchImpl(new Request(`${baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) }));
    const text = await response.text();
    const json = text ? (JSON.parse(text) as unknown) : null;
    if (!response.ok) throw new AdminPortalError(response.status, json);
    return json;
  }

  function refresh(): Promise<Session> {
    if (!current) return Promise.reject(new AdminPortalError(401, { detail: 'Not signed in' }));
    const { refreshToken } = current;
    refreshing ??= post('/api/auth/refresh', { refresh_token: refreshToken })
      .then((answer) => {
        const next = answer as { access_token: string; refresh_token?: string; expires_in?: number };
        current = {
          accessToken: next.access_token,
          refreshToken: next.refresh_token ?? refreshToken,
          expiresAt: Date.now() + (next.expires_in ?? 900) * 1000,
        };
        return current;
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  /** The bearer token for a request: the session's (refreshed first when it is about to expire), else the API key. */
  async function bearer(): Promise<string | undefined> {
    if (current) {
      if (current.expiresAt - Date.now() < REFRESH_MARGIN_MS) await refresh();
      return current.accessToken;
    }
    return options.apiKey;
  }

  const auth: Middleware = {
    async onRequest({ request, schemaPath }) {
      if (schemaPath === '/api/auth/login' || schemaPath === '/api/auth/refresh') return request;
      const token = await bearer();
      if (token && !request.headers.has('authorization')) request.headers.set('authorization', `Bearer ${token}`);
      if (options.organizationId && !request.headers.has('x-organization-id')) request.headers.set('x-organization-id', options.organizationId);
      return request;
    },
  };
  client.use(auth);

  async function* paginate<T>(
    fetchPage: (page: Page) => Promise<{ data?: ListAnswer<T>; error?: unknown; response: Response }>,
    pageSize = 100,
  ): AsyncGenerator<T> {
    let page: Page = { limit: pageSize, offset: 0 };
    for (;;) {
      const { data, error, response } = await fetchPage(page);
      if (!data) throw new AdminPortalError(response.status, error);
      yield* data.items;
      // A short page is the last; so is reaching an exact total. An inexact total (the largest lists count up to a cap) is not an end.
      if (data.items.length < pageSize || (data.total_exact !== false && page.offset + data.items.length >= data.total)) return;
      page = { limit: pageSize, offset: page.offset + data.items.length, ...(data.next_cursor ? { cursor: data.next_cursor } : {}) };
    }
  }

  async function* followApplicationStream({
    lastEventId,
    signal,
    retryMs = 1000,
  }: {
    lastEventId?: string;
    signal: AbortSignal;
    retryMs?: number;
  }): AsyncGenerator<StreamEvent> {
    let last = lastEventId ?? null;
    while (!signal.aborted) {
      const headers: Record<string, string> = { accept: 'text/event-stream' };
      const token = await bearer();
      if (token) headers.authorization = `Bearer ${token}`;
      if (last) headers['last-event-id'] = last;
      let response: Response;
      try {
        response = await fetchImpl(new Request(`${baseUrl}/api/admin/applications/stream`, { headers, signal }));
      } catch (error) {
        if (signal.aborted) return;
        await new Promise((resolve) => setTimeout(resolve, retryMs));
        continue;
      }
      if (!response.ok || !response.body) throw new AdminPortalError(response.status, await response.json().catch(() => null));
      try {
        for await (const event of serverSentEvents(response.body)) {
          if (event.id) last = event.id;
          yield event;
          // Stopped while the caller handled the event: no more, even of what already arrived.
          if (signal.aborted) return;
        }
      } catch (error) {
        if (signal.aborted) return;
      }
      if (!signal.aborted) await new Promise((resolve) => setTimeout(resolve, retryMs));
    }
  }

  return Object.assign(client, {
    async signIn(email: string, password: string) {
      const answer = await post('/api/auth/login', { email, password });
      if (!isTokenAnswer(answer)) throw new AdminPortalError(401, { detail: 'This account signs in with a second factor: use a browser, or an API key' });
      current = toSession(answer);
      return current;
    },
    useSession(session: Session | null) {
      current = session;
    },
    session: () => current,
    refresh,
    async signOut() {
      if (!current) return;
      const { accessToken, refreshToken } = current;
      current = null;
      await post('/api/auth/logout', { refresh_token: refreshToken }, accessToken).catch(() => undefined);
    },
    paginate,
    followApplicationStream,
  });
}

/** Reads a text/event-stream body into events (the WHATWG rules: `id:`, `event:`, `data:` lines, a blank line ends one). */
export async function* serverSentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<StreamEvent> {
  const decoder = new TextDecoder();
  let buffer = '';
  let id: string | null = null;
  let event = '';
  let data: string[] = [];
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let newline: number;
    while ((newline = buffer.search(/\r\n|\r|\n/)) >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + (buffer.startsWith('\r\n', newline) ? 2 : 1));
      if (line === '') {
        if (data.length) {
          const text = data.join('\n');
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // Not JSON: the text as it is.
          }
          yield { id, event: event || 'message', data: parsed };
        }
        event = '';
        data = [];
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') id = value;
      else if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
  }
}
