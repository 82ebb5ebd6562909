import { afterEach, describe, expect, it, vi } from 'vitest';
import { followLiveEvents, type LiveEventsClient, type LiveStatus } from './live-events.ts';

interface Connection {
  url: URL;
  token: string;
  lastEventId: string | null;
}

const encoder = new TextEncoder();

/**
 * A fake API for the stream: each connection gets the next script of server-sent event text (ending the stream
 * after it, or holding it open when the script ends with `null`), and the session check can refresh the token.
 */
function fakeStreamServer(scripts: (string | null)[][], session: 'active' | 'ended' | 'unreachable' = 'active') {
  let token = 'first-token';
  const connections: Connection[] = [];
  const checkSession = vi.fn(async () => {
    if (session === 'active') token = 'fresh-token';
    return session;
  });
  const client: LiveEventsClient = {
    checkSession,
    async authorizedFetch(input, init) {
      const headers = new Headers(init?.headers);
      connections.push({ url: new URL(input), token, lastEventId: headers.get('last-event-id') });
      const script = scripts[connections.length - 1] ?? [null];
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of script) {
            if (chunk === null) return;
            controller.enqueue(encoder.encode(chunk));
          }
          controller.close();
        },
      });
      init?.signal?.addEventListener('abort', () => body.cancel().catch(() => undefined));
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    },
  };
  return { client, connections, checkSession };
}

const ready = (id: string) => `retry: 10\nid: ${id}\nevent: ready\ndata: {"position":"${id}"}\n\n`;
const event = (id: string, n: number) => `id: ${id}\nevent: application_event\ndata: {"n":${n}}\n\n`;
const closing = (reason: string) => `event: closing\ndata: {"reason":"${reason}"}\nretry: 10\n\n`;

let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  stop = null;
});

function follow(client: LiveEventsClient) {
  const events: { n: number }[] = [];
  const statuses: LiveStatus[] = [];
  stop = followLiveEvents<{ n: number }>({
    path: '/admin/applications/stream',
    event: 'application_event',
    resumeFrom: null,
    onEvent: (data) => events.push(data),
    onStatus: (status) => statuses.push(status),
    client,
    origin: 'http://portal.test',
  });
  return { events, statuses };
}

const settle = () => new Promise((r) => setTimeout(r, 100));

describe('followLiveEvents', () => {
  it('after token_expired, resumes from the last event id with a fresh token', async () => {
    const server = fakeStreamServer([
      [ready('10-0'), event('12-3', 1), closing('token_expired')],
      [ready('12-3'), event('13-1', 2), null],
    ]);
    const { events, statuses } = follow(server.client);
    await vi.waitFor(() => expect(events).toEqual([{ n: 1 }, { n: 2 }]));
    expect(server.checkSession).toHaveBeenCalledTimes(1);
    expect(server.connections.map((c) => [c.url.searchParams.get('last_event_id'), c.token])).toEqual([
      [null, 'first-token'],
      ['12-3', 'fresh-token'],
    ]);
    expect(statuses.at(-1)).toBe('live');
  });

  it("resumes from the ready event's position when no case event came yet", async () => {
    const server = fakeStreamServer([
      [ready('10-0'), closing('token_expired')],
      [ready('10-0'), event('11-1', 1), null],
    ]);
    const { events } = follow(server.client);
    await vi.waitFor(() => expect(events).toEqual([{ n: 1 }]));
    expect(server.connections[1]!.url.searchParams.get('last_event_id')).toBe('10-0');
  });

  it('comes back after a server shutdown by itself, sending the ready position as Last-Event-ID', async () => {
    const server = fakeStreamServer([
      [ready('10-0'), closing('server_shutdown')],
      [ready('10-0'), event('11-1', 1), null],
    ]);
    const { events } = follow(server.client);
    await vi.waitFor(() => expect(events).toEqual([{ n: 1 }]));
    expect(server.connections[1]!.lastEventId).toBe('10-0');
    expect(server.checkSession).not.toHaveBeenCalled();
  });

  it('stops when the session ended (the API client signs out as for a 401)', async () => {
    const server = fakeStreamServer(
      [
        [ready('10-0'), event('12-3', 1), closing('session_ended')],
        [ready('12-3'), event('13-1', 2), null],
      ],
      'ended',
    );
    const { events, statuses } = follow(server.client);
    await vi.waitFor(() => expect(statuses.at(-1)).toBe('offline'));
    await settle();
    expect(server.checkSession).toHaveBeenCalledTimes(1);
    expect(server.connections).toHaveLength(1);
    expect(events).toEqual([{ n: 1 }]);
  });

  it('stops without reconnecting when the caller may no longer follow the stream', async () => {
    const server = fakeStreamServer([
      [ready('10-0'), closing('forbidden')],
      [ready('10-0'), null],
    ]);
    const { statuses } = follow(server.client);
    await vi.waitFor(() => expect(statuses.at(-1)).toBe('offline'));
    await settle();
    expect(server.connections).toHaveLength(1);
    expect(server.checkSession).not.toHaveBeenCalled();
  });
});
