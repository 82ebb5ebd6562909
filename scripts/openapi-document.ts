/**
 * Writes the served OpenAPI document to a file (or stdout) without starting a server: an in-memory database, the
 * app built as main.ts builds it, and `app.swagger()`. Used by `npm run lint:api` and by the client package.
 *
 *   node scripts/openapi-document.ts [out.json]
 */
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createDb } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';

const out = process.argv[2];
const db = await createDb({});
await migrate(db);
const secrets = { jwtSecret: randomBytes(32).toString('hex'), secretKey: randomBytes(32).toString('hex') };
const app = await buildApp({ config: { ...loadConfig({}), seedDemo: false }, db, secrets, logger: false });
await app.ready();
const text = `${JSON.stringify(app.swagger(), null, 2)}\n`;
await app.close();
await db.close();
if (out) await writeFile(out, text);
else process.stdout.write(text);
