import type { FastifyInstance } from 'fastify';
import type { Environment } from '@admin-portal/contract/system/config';
import type { Queryable } from '../../db/client.ts';

export interface RegistrationSwitches {
  /** The system settings' self_registration_enabled, and e-mail set up to confirm addresses (SMTP_URL). */
  settingOn: boolean;
  /** The server's environment, for System Configuration's features.self_registration. */
  environment: Environment;
}

/**
 * SQL that is true unless System Configuration's features.self_registration, as it applies to organization `org`
 * (its alias) in the environment `$env`, is false: organization + environment beats organization beats global.
 */
export function selfRegistrationFlagSql(org: string, env: string): string {
  return `coalesce((
      select c.value from system_configs c
       where c.key = 'features.self_registration' and c.is_enabled and c.value_type = 'boolean'
         and (c.organization_id is null or c.organization_id = ${org}.id)
         and (c.environment is null or c.environment = ${env})
       order by (c.organization_id is not null) desc, (c.environment is not null) desc
       limit 1), 'true'::jsonb) = 'true'::jsonb`;
}

/**
 * Whether self-registration is open at all: the product-wide switch (system settings) is on, and some active
 * organization allows it, names at least one email domain it accepts (an organization without domains accepts
 * nobody) and is not switched off by System Configuration's features.self_registration. The availability call and
 * the register route both ask here.
 */
export async function isRegistrationOpen(db: Queryable, switches: RegistrationSwitches): Promise<boolean> {
  if (!switches.settingOn) return false;
  const res = await db.query<{ open: boolean }>(
    `select exists(
       select 1 from organizations o
        where o.is_active
          and o.settings->'allow_registration' = 'true'::jsonb
          and jsonb_typeof(o.settings->'allowed_email_domains') = 'array'
          and o.settings->'allowed_email_domains' <> '[]'::jsonb
          and ${selfRegistrationFlagSql('o', '$1')}
     ) as open`,
    [switches.environment],
  );
  return res.rows[0]?.open === true;
}

/** The switches as this server has them now: without e-mail nobody can confirm an address, so nobody registers. */
export async function registrationSwitches(app: FastifyInstance): Promise<RegistrationSwitches> {
  const settingOn = (await app.settings.get()).self_registration_enabled && app.config.smtpUrl !== undefined;
  return { settingOn, environment: app.config.environment };
}
