import { EventSource } from 'eventsource';
import type { StreamClosingReason } from '@admin-portal/contract/applications/api';
import { api, API_BASE_URL } from './api.ts';

export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'offline';

/** What a stream needs of the API client (the app's by default). */
export interface LiveEventsClient {
  /** A fetch with the session's headers that refreshes the access token once on a 401. */
  authorizedFetch(input: string, init?: RequestInit): Promise<Response>;
  /** Whether the session goes on (refreshing an expired token); 'ended' means the client has signed out. */
  checkSession(): Promise<'active' | 'ended' | 'unreachable'>;
}

export interface LiveEventsOptions<E> {
  /** The stream's path under /api, with its query (e.g. `/admin/applications/stream?workflow_id=…`). */
  path: string;
  /** The event name to listen for. */
  event: string;
  /** Where to resume (the last event id seen): null starts at "now". */
  resumeFrom: string | null;
  /** Each event's data (parsed JSON) and id, in stream order. */
  onEvent: (data: E, id: string) => void;
  onStatus: (status: LiveStatus) => void;
  client?: LiveEventsClient;
  /** The page's origin (the browser's by default). */
  origin?: string;
}

const MAX_BACKOFF_MS = 15_000;

const appClient: LiveEventsClient = {
  authorizedFetch: (input, init) => api.authorizedFetch(input, init),
  checkSession: () => api.checkSession(),
};

function closingReason(data: string): StreamClosingReason | null {
  try {
    return (JSON.parse(data) as { reason?: StreamClosingReason }).reason ?? null;
  } catch {
    return null;
  }
}

/**
 * Follows a server-sent event stream with the session's token (the `eventsource` package lets us pass a fetch
 * that adds it). The position is every event's id, the first `ready` event's included, so a reconnect always resumes
 * where the stream was: the package reconnects by itself after a dropped connection or a server shutdown, sending
 * Last-Event-ID; when it gives up (an error status) we open a new stream ourselves from the last id, with backoff.
 * When the server ends the stream because the access token expired or the session ended, we ask the API whether
 * the session goes on (which refreshes the token): if it does, we resume from the last id with the fresh token; if
 * not, the client signs out as for any 401 and the stream stops. A stream the caller may no longer follow stops.
 * Answers a function that closes the stream.
 */
export function followLiveEvents<E>(options: LiveEventsOptions<E>): () => void {
  const client = options.client ?? appClient;
  let lastId = options.resumeFrom;
  let source: EventSource | null = null;
  let closed = false;
  let stopped = false;
  let failures = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const retryLater = () => {
    failures += 1;
    options.onStatus(failures > 3 ? 'offline' : 'reconnecting');
    retryTimer = setTimeout(open, Math.min(MAX_BACKOFF_MS, 500 * 2 ** failures));
  };

  /** After `token_expired` or `session_ended`: resume with a fresh token, or stop when the session is over. */
  const resumeIfSessionGoesOn = async () => {
    options.onStatus('reconnecting');
    const session = await client.checkSession();
    if (closed) return;
    if (session === 'active') open();
    else if (session === 'unreachable') retryLater();
    else {
      stopped = true;
      options.onStatus('offline');
    }
  };

  function open() {
    if (closed || stopped) return;
    const url = new URL(`${API_BASE_URL}${options.path}`, options.origin ?? window.location.origin);
    if (lastId) url.searchParams.set('last_event_id', lastId);
    options.onStatus(failures === 0 && lastId === options.resumeFrom ? 'connecting' : 'reconnecting');
    const es = new EventSource(url, { fetch: (input, init) => client.authorizedFetch(String(input), init) });
    source = es;
    es.addEventListener('ready', (message) => {
      if (message.lastEventId) lastId = message.lastEventId;
      failures = 0;
      options.onStatus('live');
    });
    es.addEventListener(options.event, (message) => {
      if (message.lastEventId) lastId = message.lastEventId;
      options.onEvent(JSON.parse(message.data) as E, message.lastEventId);
    });
    es.addEventListener('closing', (message) => {
      const reason = closingReason(message.data);
      // A server shutting down: the package reconnects by itself (to a running process) with Last-Event-ID.
      if (reason === 'server_shutdown' || reason === null) return;
      es.close();
      if (reason === 'forbidden') {
        stopped = true;
        options.onStatus('offline');
        return;
      }
      void resumeIfSessionGoesOn();
    });
    es.addEventListener('error', () => {
      if (closed) return;
      if (es.readyState === EventSource.CONNECTING) {
        options.onStatus('reconnecting');
        return;
      }
      // The package gave up: start again from the last event seen.
      es.close();
      retryLater();
    });
  }

  const onOnline = () => {
    if (!stopped && source?.readyState === EventSource.CLOSED) {
      clearTimeout(retryTimer);
      failures = 0;
      open();
    }
  };
  const online = typeof window === 'undefined' ? null : window;
  online?.addEventListener('online', onOnline);
  open();
  return () => {
    closed = true;
    clearTimeout(retryTimer);
    online?.removeEventListener('online', onOnline);
    source?.close();
  };
}
