import type { Queryable } from '../../db/client.ts';

/**
 * Whether self-registration is open at all: some active organization allows it and names at least one email
 * domain it accepts (an organization without domains accepts nobody). The availability call and the register
 * route both ask here, so a product-wide switch added to this function closes both at once.
 */
export async function isRegistrationOpen(db: Queryable): Promise<boolean> {
  const res = await db.query<{ open: boolean }>(
    `select exists(
       select 1 from organizations
        where is_active
          and settings->'allow_registration' = 'true'::jsonb
          and jsonb_typeof(settings->'allowed_email_domains') = 'array'
          and settings->'allowed_email_domains' <> '[]'::jsonb
     ) as open`,
  );
  return res.rows[0]?.open === true;
}
