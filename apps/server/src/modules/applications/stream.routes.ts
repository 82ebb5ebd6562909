/**
 * `GET /api/admin/applications/stream`: application events as server-sent events, for a fetch that sends the
 * bearer token. Organization-scoped like every read; resumable with `Last-Event-ID` (replayed from the events
 * table) from any event's id, the first `ready` event's included; woken by the process's LISTEN and polled as a
 * fallback; a heartbeat comment keeps proxies from closing an idle stream; `retry` tells clients how soon to
 * reconnect. A stream ends with a last `closing` event saying why: the server shuts down, the access token it was
 * opened with expires, or its session, account or permissions no longer allow it (stream-connection.ts).
 */
import { fastifySSE } from '@fastify/sse';
import { Gauge } from 'prom-client';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { APPLICATION_STREAM_ENDPOINTS } from '@admin-portal/contract/api/endpoints/application-stream';
import { SERVER_MESSAGES } from '@admin-portal/contract/messages';
import { requireAuth } from '../../http/context.ts';
import { routeOf } from '../../http/endpoint-route.ts';
import { invalidField, unauthorized } from '../../http/errors.ts';
import { canSee, listScope } from '../../http/organization-scope.ts';
import { verifyAccessToken } from '../../security/tokens.ts';
import { EventHub } from './event-hub.ts';
import { RECONNECT_MS, StreamConnection } from './stream-connection.ts';
import { currentPosition, parsePosition } from './stream.queries.ts';

const HEARTBEAT_MS = 15_000;

export async function applicationStreamRoutes(app: FastifyInstance) {
  await app.register(fastifySSE, { heartbeatInterval: HEARTBEAT_MS });
  const hub = new EventHub(app.db);
  new Gauge({
    name: 'portal_stream_clients',
    help: 'Clients following the application event stream on this process',
    registers: [app.metrics],
    collect() {
      this.set(hub.clients);
    },
  });
  app.addHook('onClose', () => hub.close());
  const open = new Set<StreamConnection>();
  // A user's sessions or access changed, here or in another process (null: anyone's may have): their streams check now.
  app.changes.on('access', (userId) => {
    for (const stream of open) if (userId === null || stream.userId === userId) stream.recheck();
  });
  // Shutting down: every open stream is told to come back (to this or another process) and closed, so the server
  // does not wait on connections that never end; clients resume from their last event id.
  app.addHook('preClose', async () => {
    await Promise.all([...open].map((stream) => stream.close('server_shutdown')));
  });

  app.withTypeProvider<ZodTypeProvider>().route({
    ...routeOf(APPLICATION_STREAM_ENDPOINTS.streamApplicationEvents),
    sse: 'only',
    handler: async (request, reply) => {
      const auth = requireAuth(request.auth);
      const q = request.query;
      const organizationId = q.organization_id ?? listScope(auth);
      if (q.organization_id && !canSee(auth, q.organization_id)) {
        throw invalidField('organization_id', 'You can only follow your own organization');
      }
      // Both were checked against the position pattern; an empty header is the standard's "no position yet".
      const resumeFrom = request.headers['last-event-id'] || q.last_event_id;
      // The token the hook accepted; it may have expired since (by a few milliseconds), like any token.
      const claims = verifyAccessToken(app.secrets.jwtSecret, request.headers.authorization!.slice(7).trim());
      if (!claims) throw unauthorized(SERVER_MESSAGES.tokenExpired);
      const stream = new StreamConnection({
        app,
        request,
        reply,
        userId: auth.userId,
        filter: { organizationId, workflowId: q.workflow_id, applicationId: q.application_id },
        position: parsePosition(resumeFrom) ?? (await currentPosition(app.db)),
        tokenExpiresAt: claims.exp * 1000,
      });

      const ready = { id: stream.start, event: 'ready', data: { position: stream.start }, retry: RECONNECT_MS };
      if (!q.follow) {
        // Catch up and close: what happened since `last_event_id`, for a client that polls.
        await reply.sse.send(ready);
        await stream.drain();
        return;
      }
      reply.sse.keepAlive();
      // Known (to shutdown and to change notices) before the client hears `ready`, so no stream is left out.
      open.add(stream);
      let unsubscribe = () => {};
      reply.sse.onClose(() => {
        stream.stop();
        open.delete(stream);
        unsubscribe();
      });
      unsubscribe = await hub.subscribe((org) => {
        if (organizationId === null || org === organizationId) stream.read();
      });
      if (stream.stopped) return unsubscribe();
      await reply.sse.send(ready);
      stream.follow();
    },
  });
}
