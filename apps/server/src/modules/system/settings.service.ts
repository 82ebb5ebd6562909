import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SELF_REGISTRATION_NEEDS_EMAIL, type SystemSettingsResponse, type SystemSettingsUpdate } from '@admin-portal/contract/system/settings';
import { invalidField } from '../../http/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { lockSettingsChanges, upsertSetting } from './settings.queries.ts';
import { readSettings } from './settings.store.ts';

// The words are the contract's: the OpenAPI document states the rule with them.
export { SELF_REGISTRATION_NEEDS_EMAIL };

/** Settings this server cannot turn on, with why. */
function unavailableSettings(app: FastifyInstance): Record<string, string> {
  return app.config.smtpUrl ? {} : { self_registration_enabled: SELF_REGISTRATION_NEEDS_EMAIL };
}

export async function getSystemSettings(app: FastifyInstance): Promise<SystemSettingsResponse> {
  const stored = await readSettings(app.db, app.settings.defaults);
  return {
    unavailable: unavailableSettings(app),
    settings: stored.settings,
    defaults: app.settings.defaults,
    customized: stored.customized,
    updated_at: stored.updatedAt?.toISOString() ?? null,
    updated_by: stored.updatedBy,
  };
}

/** Writes the keys sent, in one transaction with an audit row holding each changed key's before and after. */
export async function updateSystemSettings(
  app: FastifyInstance,
  request: FastifyRequest,
  userId: string,
  body: SystemSettingsUpdate,
): Promise<SystemSettingsResponse> {
  const unavailable = unavailableSettings(app);
  for (const [key, value] of Object.entries(body)) {
    if (value === true && unavailable[key]) throw invalidField(key, unavailable[key]);
  }
  // Every process drops its copy when this commits.
  await app.changes.changing('settings', async (tx) => {
    // One change at a time, so two administrators' diffs never interleave.
    await lockSettingsChanges(tx);
    const before = (await readSettings(tx, app.settings.defaults)).settings;
    const changed = (Object.keys(body) as (keyof SystemSettingsUpdate)[]).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(body[key]));
    if (changed.length === 0) return;
    for (const key of changed) {
      await upsertSetting(tx, key, body[key], userId);
    }
    await recordAudit(tx, request, {
      action: 'system_settings.update',
      targetType: 'system_settings',
      targetId: null,
      organizationId: null,
      changes: { before: Object.fromEntries(changed.map((k) => [k, before[k]])), after: Object.fromEntries(changed.map((k) => [k, body[k]])) },
    });
  });
  await app.settings.load();
  return getSystemSettings(app);
}
