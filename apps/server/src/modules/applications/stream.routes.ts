/**
 * `GET /api/admin/applications/stream`: application events as server-sent events, for a fetch that sends the
 * bearer token. Organization-scoped like every read; resumable with `Last-Event-ID` (replayed from the events
 * table); woken by the process's LISTEN and polled as a fallback; a heartbeat comment keeps proxies from
 * closing an idle stream; `retry` tells clients how soon to reconnect. When the server shuts down, each stream gets
 * a last `closing` event (with `retry`) and ends, and its client reconnects with its last event id.
 */
import { fastifySSE } from '@fastify/sse';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { applicationStreamQuerySchema, type ApplicationStreamEvent } from '@admin-portal/contract/applications/api';
import { requireAuth } from '../../http/context.ts';
import { invalidField } from '../../http/errors.ts';
import { canSee, listScope } from '../../http/organization-scope.ts';
import { ERROR_RESPONSES } from '../../http/responses.ts';
import type { ApplicationRow } from './applications.queries.ts';
import { eventId, presentEvent, presentSummary } from './applications.presenter.ts';
import { EventHub } from './event-hub.ts';
import { casesNow, currentPosition, eventsAfter, parsePosition, type StreamedEvent, type StreamFilter, type StreamPosition } from './stream.queries.ts';

const BATCH = 500;
const POLL_MS = 1_000;
const HEARTBEAT_MS = 15_000;
const RECONNECT_MS = 2_000;

const streamMessage = (e: StreamedEvent, cases: Map<string, ApplicationRow>): { id: string; event: string; data: ApplicationStreamEvent } => {
  const row = cases.get(e.application_id);
  return { id: eventId(e), event: 'application_event', data: { ...presentEvent(e), application: row ? presentSummary(row) : null } };
};

export async function applicationStreamRoutes(app: FastifyInstance) {
  await app.register(fastifySSE, { heartbeatInterval: HEARTBEAT_MS });
  const hub = new EventHub(app.db);
  app.addHook('onClose', () => hub.close());
  // Shutting down: every open stream is told to come back (to this or another process) and closed, so the server
  // does not wait on connections that never end; clients resume from their last event id.
  const openStreams = new Set<() => Promise<void>>();
  app.addHook('preClose', async () => {
    await Promise.all([...openStreams].map((close) => close()));
  });

  app.withTypeProvider<ZodTypeProvider>().get('/api/admin/applications/stream', {
    sse: 'only',
    schema: {
      tags: ['Applications'],
      summary: 'Application events as server-sent events (resumable with Last-Event-ID)',
      description:
        'Each event is `event: application_event` with `id: <position>` and the event as JSON `data`, with `application`: the ' +
        'case as it is now (its list row), or null once erased. Reconnect with the `Last-Event-ID` header (or `last_event_id`) to receive what was missed. A comment line ' +
        'is sent every 15 s while nothing happens. When the server shuts down the stream ends with `event: closing` and a `retry` ' +
        'of 2 s: reconnect with the last id (a load balancer sends you to a running process).',
      querystring: applicationStreamQuerySchema,
      response: { 200: { description: 'A text/event-stream of application events', content: { 'text/event-stream': { schema: z.string() } } }, ...ERROR_RESPONSES },
    },
    handler: async (request, reply) => {
      const auth = requireAuth(request.auth);
      const q = request.query;
      const organizationId = q.organization_id ?? listScope(auth);
      if (q.organization_id && !canSee(auth, q.organization_id)) {
        throw invalidField('organization_id', 'You can only follow your own organization');
      }
      const filter: StreamFilter = { organizationId, workflowId: q.workflow_id, applicationId: q.application_id };
      const resumeFrom = reply.sse.lastEventId ?? q.last_event_id;
      let position: StreamPosition = parsePosition(resumeFrom) ?? (await currentPosition(app.db));

      let reading: Promise<void> | null = null;
      let again = false;
      let closed = false;
      const drain = async () => {
        do {
          again = false;
          for (;;) {
            const events = await eventsAfter(app.db, position, filter, BATCH);
            if (events.length === 0 || closed) break;
            const cases = await casesNow(app.db, [...new Set(events.map((e) => e.application_id))]);
            for (const e of events) await reply.sse.send(streamMessage(e, cases));
            const last = events[events.length - 1]!;
            position = { tx: last.tx, seq: last.seq };
            if (events.length < BATCH) break;
          }
        } while (again && !closed);
      };
      const read = () => {
        if (closed) return;
        if (reading) {
          again = true;
          return;
        }
        reading = drain()
          .catch((error: unknown) => request.log.warn({ err: error }, 'application stream: reading events failed'))
          .finally(() => {
            reading = null;
          });
      };

      await reply.sse.send({ event: 'ready', data: { position: `${position.tx}-${position.seq}` }, retry: RECONNECT_MS });
      if (!q.follow) {
        // Catch up and close: what happened since `last_event_id`, for a client that polls.
        await drain();
        return;
      }
      reply.sse.keepAlive();
      const unsubscribe = await hub.subscribe((org) => {
        if (organizationId === null || org === organizationId) read();
      });
      const poll = setInterval(read, POLL_MS);
      poll.unref();
      const closeForShutdown = async () => {
        closed = true;
        clearInterval(poll);
        await reply.sse.send({ event: 'closing', data: { reason: 'server_shutdown' }, retry: RECONNECT_MS }).catch(() => undefined);
        reply.sse.close();
      };
      openStreams.add(closeForShutdown);
      reply.sse.onClose(() => {
        closed = true;
        clearInterval(poll);
        openStreams.delete(closeForShutdown);
        unsubscribe();
      });
      read();
    },
  });
}
