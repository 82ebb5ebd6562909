import type { Queryable } from '../../db/client.ts';
import type { Config } from '../../config.ts';
import { generatePassword, hashPassword } from '../../security/passwords.ts';
import { insertUser } from '../users/users.queries.ts';
import { createOrganizationRow } from '../organizations/organizations.queries.ts';
import { seedDemo, type DemoAccount } from './demo-seed.ts';
import { anyUserExists, lockUsersTable } from './first-start.queries.ts';

export interface FirstStartResult {
  /** Set only when this start created the first super admin. */
  admin?: { email: string; password: string | null; organization: string; generated: boolean };
  demo?: DemoAccount[];
}

/** On an empty database: the first super admin (ADMIN_EMAIL / ADMIN_PASSWORD), and the demo when SEED_DEMO is on. */
export async function firstStart(db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> }, config: Config): Promise<FirstStartResult> {
  const generated = !config.adminPassword;
  const password = config.adminPassword ?? generatePassword();
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    await lockUsersTable(tx);
    if (await anyUserExists(tx)) return {};
    const org = await createOrganizationRow(tx, { name: config.adminOrgName, description: 'The first organization, created at first start.' });
    await insertUser(tx, {
      organization_id: org.id,
      email: config.adminEmail,
      first_name: 'System',
      last_name: 'Administrator',
      role: 'super_admin',
      permissions: [],
      password_hash: passwordHash,
    });
    const result: FirstStartResult = {
      admin: { email: config.adminEmail, password: generated ? password : null, organization: config.adminOrgName, generated },
    };
    if (config.seedDemo) result.demo = await seedDemo(tx);
    return result;
  });
}
