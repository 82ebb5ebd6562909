import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import type { Role } from '@admin-portal/contract/roles';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { createDb, type Db } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { createOrganizationRow } from '../modules/organizations/organizations.queries.ts';
import { insertUser } from '../modules/users/users.queries.ts';
import { upsertShippedTemplates } from '../modules/workflow-templates/shipped-templates.ts';
import { hashPassword } from '../security/passwords.ts';

/** Password of every factory user. */
export const TEST_PASSWORD = 'Correct-Horse-42';
let passwordHash: Promise<string> | undefined;
const testPasswordHash = () => (passwordHash ??= hashPassword(TEST_PASSWORD));

export interface TestUser {
  id: string;
  email: string;
  role: Role;
  organizationId: string;
}

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** Creates an organization row directly (no HTTP). */
  createOrg(name?: string, settings?: Record<string, unknown>): Promise<{ id: string; name: string }>;
  /** Creates a user directly with TEST_PASSWORD. */
  createUser(role: Role, organizationId: string, extra?: { email?: string; permissions?: string[] }): Promise<TestUser>;
  /** Signs in through the API and returns the token pair. */
  login(email: string, password?: string): Promise<{ access_token: string; refresh_token: string }>;
  /** Authorization headers for a user (signs in once and caches the access token). */
  headers(user: TestUser): Promise<Record<string, string>>;
  /** `app.inject` as a user. */
  as(user: TestUser, options: InjectOptions): Promise<LightMyRequestResponse>;
  /**
   * Another app on the same database with the same secrets, as a second server process would be: on PostgreSQL its
   * own connection pool (and listening connection) on the suite's schema; on the embedded database the same instance.
   * Closed with the context.
   */
  anotherApp(overrides?: Partial<Config>): Promise<FastifyInstance>;
  close(): Promise<void>;
}

/**
 * An app on a fresh database: in-memory PGlite, or a fresh schema on TEST_DATABASE_URL
 * (so the same suite runs on a PostgreSQL server in CI).
 */
export async function createTestContext(overrides: Partial<Config> = {}): Promise<TestContext> {
  const config: Config = { ...loadConfig({}), seedDemo: false, loginRateLimit: 0, ...overrides };
  const url = process.env.TEST_DATABASE_URL;
  let schema: string | undefined;
  if (url) {
    schema = `t_${randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.end();
  }
  const db = await createDb(url ? { databaseUrl: url, schema, poolSize: 5 } : {});
  await migrate(db);
  await upsertShippedTemplates(db);
  const secrets = { jwtSecret: randomBytes(32).toString('hex'), secretKey: randomBytes(32).toString('hex') };
  const app = await buildApp({ config, db, secrets, logger: false });
  await app.ready();
  const others: { app: FastifyInstance; db: Db | null }[] = [];

  const tokens = new Map<string, string>();
  let counter = 0;

  const ctx: TestContext = {
    app,
    db,
    config,
    async createOrg(name, settings) {
      counter += 1;
      const row = await createOrganizationRow(db, { name: name ?? `Org ${counter} ${randomBytes(3).toString('hex')}`, settings: settings as never });
      return { id: row.id, name: row.name };
    },
    async createUser(role, organizationId, extra = {}) {
      counter += 1;
      const email = extra.email ?? `${role}.${counter}.${randomBytes(3).toString('hex')}@test.example`;
      const id = await insertUser(db, {
        organization_id: organizationId,
        email,
        first_name: 'Test',
        last_name: role,
        role,
        permissions: extra.permissions ?? [],
        password_hash: await testPasswordHash(),
      });
      return { id, email, role, organizationId };
    },
    async login(email, password = TEST_PASSWORD) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
      if (res.statusCode !== 200) throw new Error(`login failed for ${email}: ${res.statusCode} ${res.body}`);
      return res.json();
    },
    async headers(user) {
      let token = tokens.get(user.id);
      if (!token) {
        token = (await ctx.login(user.email)).access_token;
        tokens.set(user.id, token);
      }
      return { authorization: `Bearer ${token}` };
    },
    async as(user, options) {
      const headers = { ...(await ctx.headers(user)), ...((options.headers as Record<string, string>) ?? {}) };
      return app.inject({ ...options, headers });
    },
    async anotherApp(extra = {}) {
      const otherDb = url ? await createDb({ databaseUrl: url, schema, poolSize: 5 }) : null;
      const other = await buildApp({ config: { ...config, ...extra }, db: otherDb ?? db, secrets, logger: false });
      others.push({ app: other, db: otherDb });
      await other.ready();
      return other;
    },
    async close() {
      for (const other of others.splice(0)) {
        await other.app.close();
        await other.db?.close();
      }
      await app.close();
      await db.close();
      if (url && schema) {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`drop schema ${schema} cascade`);
        await client.end();
      }
    },
  };
  return ctx;
}
