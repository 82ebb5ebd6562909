/**
 * The administrator's switch for live demo traffic in their organization (see setup/demo-traffic.ts): applicants
 * arriving through this portal's own public intake API with an intake key made for it like any other (listed on
 * the API keys page, revoked when switched off).
 * It runs in this process while it is on.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { demoTrafficSchema, demoTrafficUpdateSchema } from '@admin-portal/contract/applications/api';
import { requireAuth } from '../../http/context.ts';
import { APPLICATION_MESSAGES } from '@admin-portal/contract/applications/api';
import { conflict, HttpError } from '../../http/errors.ts';
import { actingOrganization } from '../../http/organization-scope.ts';
import { ERROR_RESPONSES } from '../../http/responses.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { createApiKey, revokeApiKey } from '../api-keys/api-keys.service.ts';
import { DemoTraffic } from '../setup/demo-traffic.ts';

const tags = ['Applications'];
const OFF = { enabled: false, per_minute: 0, started: 0, forms_answered: 0, since: null };

export async function demoTrafficRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const running = new Map<string, { traffic: DemoTraffic; keyId: string }>();
  app.addHook('onClose', async () => {
    for (const { traffic } of running.values()) traffic.stop();
  });

  r.get('/api/admin/applications/demo-traffic', {
    schema: { tags, summary: "The organization's live demo traffic: on or off, and what it has done", response: { 200: demoTrafficSchema, ...ERROR_RESPONSES } },
    handler: (request) => running.get(actingOrganization(requireAuth(request.auth)))?.traffic.status ?? OFF,
  });

  r.put('/api/admin/applications/demo-traffic', {
    schema: { tags, summary: 'Switch live demo traffic on or off (applicants arriving through the public intake API)', body: demoTrafficUpdateSchema, response: { 200: demoTrafficSchema, ...ERROR_RESPONSES } },
    handler: async (request) => {
      const auth = requireAuth(request.auth);
      const organizationId = actingOrganization(auth);
      const current = running.get(organizationId);
      if (!request.body.enabled) {
        if (current) {
          current.traffic.stop();
          running.delete(organizationId);
          await revokeApiKey(app.db, request, auth, current.keyId);
          await recordAudit(app.db, request, { action: 'demo_traffic.stop', targetType: 'organization', targetId: organizationId, organizationId });
          return { ...current.traffic.status, enabled: false };
        }
        return OFF;
      }
      if (current) return current.traffic.status;
      const allowed = () => app.effectiveConfig.flag('features.demo_traffic', organizationId, app.config.environment, true);
      if (!(await allowed())) throw new HttpError(403, APPLICATION_MESSAGES.demoTrafficTurnedOff);
      const address = app.server.address() as AddressInfo | null;
      if (!address || typeof address !== 'object') throw conflict('The portal is not listening on a port it can call itself on');
      const { id: keyId, key } = await createApiKey(app.db, request, auth, { name: 'Demo traffic', scopes: ['intake'], environment: 'production', organization_id: organizationId });
      await recordAudit(app.db, request, { action: 'demo_traffic.start', targetType: 'organization', targetId: organizationId, organizationId, changes: { per_minute: request.body.per_minute } });
      const host = address.family === 'IPv6' ? `[${address.address === '::' ? '::1' : address.address}]` : address.address === '0.0.0.0' ? '127.0.0.1' : address.address;
      const traffic = new DemoTraffic({
        baseUrl: `http://${host}:${address.port}`,
        apiKey: key,
        perMinute: request.body.per_minute,
        // Turned off in System Configuration while running: no new applicants until it is on again.
        workflowIds: async () => !(await allowed()) ? [] : (await app.db.query<{ id: string }>(`select id from workflows where organization_id = $1 and status = 'active'`, [organizationId])).rows.map((w) => w.id),
        onError: (error) => request.log.warn({ err: error }, 'demo traffic: a call failed'),
      });
      running.set(organizationId, { traffic, keyId });
      traffic.start();
      return traffic.status;
    },
  });
}
