import type { FastifyInstance } from 'fastify';
import type { Environment } from '@admin-portal/contract/system/config';
import type { Queryable } from '../../db/client.ts';
import { someOrganizationTakesSignUps } from './registration.queries.ts';

export interface RegistrationSwitches {
  /** The system settings' self_registration_enabled, and e-mail set up to confirm addresses (SMTP_URL). */
  settingOn: boolean;
  /** The server's environment, for System Configuration's features.self_registration. */
  environment: Environment;
}

/**
 * Whether self-registration is open at all: the product-wide switch (system settings) is on, and some active
 * organization allows it, names at least one email domain it accepts (an organization without domains accepts
 * nobody) and is not switched off by System Configuration's features.self_registration. The availability call and
 * the register route both ask here.
 */
export async function isRegistrationOpen(db: Queryable, switches: RegistrationSwitches): Promise<boolean> {
  if (!switches.settingOn) return false;
  return someOrganizationTakesSignUps(db, switches.environment);
}

/** The switches as this server has them now: without e-mail nobody can confirm an address, so nobody registers. */
export async function registrationSwitches(app: FastifyInstance): Promise<RegistrationSwitches> {
  const settingOn = (await app.settings.get()).self_registration_enabled && app.config.smtpUrl !== undefined;
  return { settingOn, environment: app.config.environment };
}
