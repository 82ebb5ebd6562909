import type { FastifyRequest } from 'fastify';
import { preferencesSchema, type Preferences } from '@admin-portal/contract/preferences';
import type { Db, Queryable } from '../../db/client.ts';
import type { AuthContext } from '../../http/context.ts';
import { unauthorized } from '../../http/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findStoredPreferences, updateStoredPreferences } from './preferences.queries.ts';

type PreferenceKey = keyof Preferences;
const KEYS = Object.keys(preferencesSchema.shape) as PreferenceKey[];

/**
 * The stored document merged over the defaults, key by key: a stored value that is no longer valid
 * (an option since removed) falls back to its default instead of failing the whole read.
 */
export function resolvePreferences(stored: Record<string, unknown> | null | undefined): Preferences {
  const defaults = preferencesSchema.parse({});
  const out: Record<string, unknown> = { ...defaults };
  for (const key of KEYS) {
    if (stored && Object.hasOwn(stored, key)) {
      const parsed = preferencesSchema.shape[key].safeParse(stored[key]);
      if (parsed.success) out[key] = parsed.data;
    }
  }
  return out as Preferences;
}

async function storedPreferences(db: Queryable, userId: string, forUpdate = false): Promise<Record<string, unknown>> {
  const preferences = await findStoredPreferences(db, userId, forUpdate);
  if (preferences === undefined) throw unauthorized();
  return preferences ?? {};
}

export async function getPreferences(db: Queryable, auth: AuthContext): Promise<Preferences> {
  return resolvePreferences(await storedPreferences(db, auth.userId));
}

/**
 * Applies a validated partial update. Only keys the user has set are stored (so a later change of a default
 * still reaches everyone who never chose); the answer is the full, resolved preferences.
 */
export async function updatePreferences(db: Db, request: FastifyRequest, auth: AuthContext, patch: Partial<Preferences>): Promise<Preferences> {
  return db.transaction(async (tx) => {
    const stored = await storedPreferences(tx, auth.userId, true);
    const before = resolvePreferences(stored);
    const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    const next = { ...stored, ...set };
    const after = resolvePreferences(next);
    const changes = Object.fromEntries(KEYS.filter((k) => before[k] !== after[k]).map((k) => [k, { from: before[k], to: after[k] }]));
    if (Object.keys(set).length > 0) {
      await updateStoredPreferences(tx, auth.userId, next);
    }
    if (Object.keys(changes).length > 0) {
      await recordAudit(tx, request, {
        action: 'user.preferences_update',
        targetType: 'user',
        targetId: auth.userId,
        organizationId: auth.homeOrganizationId,
        changes,
      });
    }
    return after;
  });
}
