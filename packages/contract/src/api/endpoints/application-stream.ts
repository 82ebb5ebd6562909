import { z } from 'zod';
import { applicationStreamHeadersSchema, applicationStreamQuerySchema } from '../../applications/api.ts';
import { perm } from '../access.ts';
import { defineEndpoints } from '../endpoint.ts';

/** The live stream of application events (issue 13): read like the applications, with application:read. */
const tags = ['Applications'] as const;

export const APPLICATION_STREAM_ENDPOINTS = defineEndpoints({
  streamApplicationEvents: {
    method: 'GET',
    path: '/api/admin/applications/stream',
    tags,
    summary: 'Follow application events as server-sent events (resumable with Last-Event-ID)',
    description:
      'The stream opens with `event: ready`, whose `id` (and `data.position`) is where it starts. Each event is `event: application_event` ' +
      'with `id: <position>` and the event as JSON `data`, with `application`: the case as it is now (its list row), or null once erased. ' +
      'Reconnect with the `Last-Event-ID` header (or `last_event_id`) set to the last id received, the `ready` id included, to receive ' +
      'what was missed; a malformed position is refused (422), never read as "from now". A comment line is sent every 15 s while ' +
      'nothing happens. The stream ends with `event: closing`, `data: {"reason": …}` and a `retry` of 2 s: `server_shutdown` (reconnect ' +
      'with the last id; a load balancer sends you to a running process), `token_expired` (the access token it was opened with expired: ' +
      'refresh it and reconnect with the last id), `session_ended` (signed out, session revoked, account deactivated or deleted: sign in ' +
      'again), `forbidden` (the caller may no longer follow this stream). Nothing is sent after the caller lost access.',
    access: perm('application:read'),
    query: applicationStreamQuerySchema,
    headers: applicationStreamHeadersSchema,
    responses: {
      200: { description: 'A text/event-stream of application events', content: { 'text/event-stream': { schema: z.string() } } },
    },
  },
});
