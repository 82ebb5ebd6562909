import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createDb } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { firstStart, type FirstStartResult } from './modules/setup/first-start.ts';
import { upsertShippedTemplates } from './modules/workflow-templates/shipped-templates.ts';
import { resolveSecret } from './security/keys.ts';
import { createOwnerOnlyFromNowOn, type Tightened } from './security/owner-only.ts';
import { roleLabel } from '@admin-portal/contract/roles';

function printSignIn(url: string, result: FirstStartResult) {
  const lines: string[] = ['', `  Admin Portal is running at ${url}`, ''];
  if (result.admin) {
    lines.push('  First super administrator (created now):');
    lines.push(`    email:    ${result.admin.email}`);
    lines.push(
      result.admin.generated
        ? `    password: ${result.admin.password}   (generated; shown only this once — change it after signing in)`
        : '    password: the ADMIN_PASSWORD you set',
    );
    lines.push(`    organization: ${result.admin.organization}`, '');
  }
  if (result.demo?.length) {
    lines.push(`  Demo accounts (password for all: ${result.demo[0]!.password}; shown only this once):`);
    for (const a of result.demo) lines.push(`    ${a.email.padEnd(36)} ${roleLabel(a.role).padEnd(22)} ${a.organization}`);
    lines.push('');
  }
  if (!result.admin) lines.push('  Sign in with the accounts printed at first start (the database already had users).', '');
  process.stdout.write(lines.join('\n') + '\n');
}

function logLooseModes(app: FastifyInstance, dataDir: string, { tightened, failed }: Tightened) {
  if (tightened > 0) {
    app.log.warn(
      { data_dir: dataDir, tightened },
      'DATA_DIR had files or folders open to the group or others: made them owner-only (0600 files, 0700 folders)',
    );
  }
  if (failed.length > 0) {
    app.log.error(
      { data_dir: dataDir, failed },
      'DATA_DIR has files or folders open to the group or others that this process cannot change: change their owner or mode',
    );
  }
}

async function main() {
  // Everything this process writes (DATA_DIR, its lock, generated secrets) is its owner's only (ADR 0038).
  createOwnerOnlyFromNowOn();
  const config = loadConfig();
  let looseModes: Tightened | null = null;
  const db = await createDb({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : config.dataDir,
    poolSize: config.databasePoolSize,
    onLooseModes: (found) => (looseModes = found),
  });
  await migrate(db);
  await upsertShippedTemplates(db);
  const secrets = {
    jwtSecret: resolveSecret('JWT_SECRET', config.jwtSecret, config.dataDir),
    secretKey: resolveSecret('SECRET_KEY', config.secretKey, config.dataDir),
  };
  const result = await firstStart(db, config);
  const app = await buildApp({ config, db, secrets });
  if (looseModes) logLooseModes(app, config.dataDir, looseModes);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took over 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    // Keep-alive connections whose last request finished after close() began would otherwise hold the process open.
    const reaper = setInterval(() => app.server.closeIdleConnections(), 100);
    reaper.unref();
    // The database closes last, once every onClose hook (Fastify runs them newest first) has let go of it.
    app
      .close()
      .then(() => db.close())
      .then(
        () => process.exit(0),
        (err) => {
          app.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  printSignIn(config.publicUrl, result);
}

main().catch((err) => {
  process.stderr.write(`Admin Portal failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
