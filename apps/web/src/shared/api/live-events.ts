import { EventSource } from 'eventsource';
import { api, API_BASE_URL } from './api.ts';

export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'offline';

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
}

const MAX_BACKOFF_MS = 15_000;

/**
 * Follows a server-sent event stream with the session's token (the `eventsource` package lets us pass a fetch
 * that adds it). The package reconnects by itself after a dropped connection, sending Last-Event-ID; when it
 * gives up (an error status, e.g. after a server restart during sign-in refresh) we open a new stream ourselves
 * from the last id seen, with backoff. So no event is lost across a reconnect: the server replays what was missed.
 * Answers a function that closes the stream.
 */
export function followLiveEvents<E>(options: LiveEventsOptions<E>): () => void {
  let lastId = options.resumeFrom;
  let source: EventSource | null = null;
  let closed = false;
  let failures = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const open = () => {
    if (closed) return;
    const url = new URL(`${API_BASE_URL}${options.path}`, window.location.origin);
    if (lastId) url.searchParams.set('last_event_id', lastId);
    options.onStatus(failures === 0 && lastId === options.resumeFrom ? 'connecting' : 'reconnecting');
    const es = new EventSource(url, { fetch: (input, init) => api.authorizedFetch(String(input), init) });
    source = es;
    es.addEventListener('ready', () => {
      failures = 0;
      options.onStatus('live');
    });
    es.addEventListener(options.event, (message) => {
      if (message.lastEventId) lastId = message.lastEventId;
      options.onEvent(JSON.parse(message.data) as E, message.lastEventId);
    });
    es.addEventListener('error', () => {
      if (closed) return;
      if (es.readyState === EventSource.CONNECTING) {
        options.onStatus('reconnecting');
        return;
      }
      // The package gave up: start again from the last event seen.
      es.close();
      failures += 1;
      options.onStatus(failures > 3 ? 'offline' : 'reconnecting');
      retryTimer = setTimeout(open, Math.min(MAX_BACKOFF_MS, 500 * 2 ** failures));
    });
  };

  const onOnline = () => {
    if (source?.readyState === EventSource.CLOSED) {
      clearTimeout(retryTimer);
      failures = 0;
      open();
    }
  };
  window.addEventListener('online', onOnline);
  open();
  return () => {
    closed = true;
    clearTimeout(retryTimer);
    window.removeEventListener('online', onOnline);
    source?.close();
  };
}
