/**
 * The administrator's switch for live demo traffic in their organization (see setup/demo-traffic.ts): applicants
 * arriving through this portal's own public intake API with an intake key made for it like any other (listed on
 * the API keys page, revoked when switched off).
 * Its state is the organization's row in `demo_traffic_runs`, so every process answers alike; the process switching
 * it on runs it and holds the lease, and another takes over when that one closes or dies (demo-traffic.runner.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEMO_TRAFFIC_ENDPOINTS } from '@admin-portal/contract/api/endpoints/demo-traffic';
import { APPLICATION_MESSAGES } from '@admin-portal/contract/applications/api';
import { requireAuth } from '../../http/context.ts';
import { routeOf } from '../../http/endpoint-route.ts';
import { conflict, HttpError } from '../../http/errors.ts';
import { actingOrganization } from '../../http/organization-scope.ts';
import { encryptText } from '../../security/encryption.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { createApiKey, revokeApiKey } from '../api-keys/api-keys.service.ts';
import { announceDemoTrafficChange, DEMO_TRAFFIC_LEASE_SECONDS, DemoTrafficRunner, ownBaseUrl } from './demo-traffic.runner.ts';
import { ensureRunRow, findRun, switchRunOff, switchRunOn, type DemoTrafficRun } from './demo-traffic.queries.ts';

const OFF = { enabled: false, per_minute: 0, started: 0, forms_answered: 0, since: null };

function present(row: DemoTrafficRun) {
  const since = row.since === null ? null : new Date(row.since).toISOString();
  return { enabled: row.enabled, per_minute: row.per_minute, started: row.started, forms_answered: row.forms_answered, since };
}

export async function demoTrafficRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const runner = new DemoTrafficRunner(app);
  app.addHook('onListen', () => runner.start());
  app.addHook('onClose', () => runner.close());

  r.route({
    ...routeOf(DEMO_TRAFFIC_ENDPOINTS.getDemoTraffic),
    handler: async (request) => {
      const row = await findRun(app.db, actingOrganization(requireAuth(request.auth)));
      return row?.enabled ? present(row) : OFF;
    },
  });

  r.route({
    ...routeOf(DEMO_TRAFFIC_ENDPOINTS.updateDemoTraffic),
    handler: async (request) => {
      const auth = requireAuth(request.auth);
      const organizationId = actingOrganization(auth);
      if (!request.body.enabled) {
        const stopped = await app.db.transaction(async () => {
          const row = await findRun(app.db, organizationId, true);
          if (!row?.enabled) return null;
          await switchRunOff(app.db, organizationId);
          if (row.api_key_id) await revokeApiKey(app.db, request, auth, row.api_key_id);
          await recordAudit(app.db, request, { action: 'demo_traffic.stop', targetType: 'organization', targetId: organizationId, organizationId });
          return row;
        });
        // Here at once; an owner on another process when it hears of it (or at its next renewal, within seconds).
        runner.stop(organizationId);
        if (stopped) await announceDemoTrafficChange(app);
        return stopped ? { ...present(stopped), enabled: false } : OFF;
      }
      const current = await findRun(app.db, organizationId);
      if (current?.enabled) return present(current);
      const allowed = await app.effectiveConfig.flag('features.demo_traffic', organizationId, app.config.environment, true);
      if (!allowed) throw new HttpError(403, APPLICATION_MESSAGES.demoTrafficTurnedOff);
      if (!ownBaseUrl(app)) throw conflict('The portal is not listening on a port it can call itself on');
      const row = await app.db.transaction(async () => {
        await ensureRunRow(app.db, organizationId);
        const locked = await findRun(app.db, organizationId, true);
        // Switched on through another process meanwhile.
        if (locked?.enabled) return { run: locked, mine: false };
        const { id: keyId, key } = await createApiKey(app.db, request, auth, {
          name: 'Demo traffic',
          scopes: ['intake'],
          environment: 'production',
          organization_id: organizationId,
        });
        await recordAudit(app.db, request, {
          action: 'demo_traffic.start',
          targetType: 'organization',
          targetId: organizationId,
          organizationId,
          changes: { per_minute: request.body.per_minute },
        });
        const run = await switchRunOn(app.db, organizationId, {
          perMinute: request.body.per_minute,
          apiKeyId: keyId,
          apiKeySecret: encryptText(key, app.secrets.secretKey),
          owner: runner.owner,
          leaseSeconds: DEMO_TRAFFIC_LEASE_SECONDS,
        });
        return { run, mine: true };
      });
      if (row.mine) runner.run(row.run);
      return present(row.run);
    },
  });
}
