// AI assistant benchmark (issue 16): the evaluation set of apps/server/src/ai/eval (questions per page with the facts
// their answers must hold) asked over HTTP of a server built in this process on a fresh embedded database with the
// demo data, as each case's role. Prints the pass rate and chat latency (p50/p95/p99) per provider; the provider is
// the server's (built-in unless AI_BASE_URL is set). Run with `npm run bench:ai` (options: --rounds, --database).
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import type { Role } from '@admin-portal/contract/roles';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createDb } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { ASSISTANT_CASES, type EvalEnv } from '../apps/server/src/ai/eval/assistant-cases.ts';
import { percentile, runAssistantEval, type CaseResult } from '../apps/server/src/ai/eval/run-assistant-eval.ts';
import { EVAL_TOOLS, TOOL_CASES, WORKFLOW_CASES } from '../apps/server/src/ai/eval/generator-cases.ts';
import { toolProblems, workflowProblems } from '../apps/server/src/ai/generators/draft-generator.ts';
import { insertTool } from '../apps/server/src/test/workflows.factory.ts';
import { refreshOpenCaseCounts } from '../apps/server/src/modules/analytics/open-case-snapshot.ts';
import { refreshAllRollups } from '../apps/server/src/modules/analytics/rollup-refresher.ts';
import { firstStart } from '../apps/server/src/modules/setup/first-start.ts';
import { upsertShippedTemplates } from '../apps/server/src/modules/workflow-templates/shipped-templates.ts';
import { hashPassword } from '../apps/server/src/security/passwords.ts';
import { cleanUpOnExit, freePort, runCleanups } from './lib/processes.ts';
import { signIn, tempDir, temporaryDatabase } from './lib/server.ts';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    database: { type: 'string', default: 'pglite' },
    'pg-url': { type: 'string', default: process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const ROUNDS = Math.max(1, Number(args.rounds));
const PASSWORD = 'Bench-Ai-Password-42';
const log = (message: string) => process.stdout.write(`${message}\n`);
cleanUpOnExit('stopping the server and dropping the database');

async function main() {
  const env: Record<string, string> = {
    DATA_DIR: tempDir('bench-ai-'),
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT: '0',
    SEED_DEMO: 'true',
    ADMIN_EMAIL: 'bench.ai@bench.example',
    ADMIN_PASSWORD: PASSWORD,
  };
  if (args.database === 'postgres') env.DATABASE_URL = await temporaryDatabase(args['pg-url']!, 'bench_ai');
  const config = { ...loadConfig(env), port: await freePort(), host: '127.0.0.1' };
  const db = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir, poolSize: config.databasePoolSize });
  await migrate(db);
  await upsertShippedTemplates(db);
  await firstStart(db, config);
  await db.query('update users set password_hash = $1', [await hashPassword(PASSWORD)]);
  await refreshAllRollups(db, 50_000);
  await refreshOpenCaseCounts(db);
  const app = await buildApp({
    config,
    db,
    secrets: { jwtSecret: randomBytes(32).toString('hex'), secretKey: randomBytes(32).toString('hex') },
    logger: { level: 'warn' },
  });
  await app.listen({ port: config.port, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${config.port}`;

  const acme = (await db.query<{ id: string }>(`select id from organizations where name = 'Acme Bank'`)).rows[0]!.id;
  const people = await db.query<{ email: string; role: Role }>(`select email, role from users where organization_id = $1 or role = 'super_admin'`, [acme]);
  const tokens = new Map<Role, string>();
  for (const p of people.rows) tokens.set(p.role, (await signIn(base, p.email, PASSWORD)).access_token);
  const get = async <T>(path: string, role: Role): Promise<T> => {
    const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${tokens.get(role)}` } });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const status = await get<{ provider: string; model: string | null }>('/api/admin/ai/status', 'admin');
  const evalEnv: EvalEnv = {
    organizationId: acme,
    sql: async (text, params = []) => (await db.query(text, params)).rows as never,
    api: (path) => get(path, 'admin'),
  };
  const ask = async (role: Role, path: string, message: string) => {
    const res = await fetch(`${base}/api/admin/ai/chat`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.get(role)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message, context: { path } }),
    });
    if (!res.ok) throw new Error(`${message}: ${res.status} ${await res.text()}`);
    const d = ((await res.json()) as { data: { response: string; links: { title: string; url: string }[]; interaction_id: string } }).data;
    return { response: d.response, links: d.links, interactionId: d.interaction_id };
  };

  log(
    `AI assistant benchmark: ${ASSISTANT_CASES.length} questions × ${ROUNDS} rounds over HTTP, ${args.database}, demo data (Acme Bank); provider ${status.provider}${status.model ? ` (${status.model})` : ''}; Node ${process.version}, ${os.cpus().length} CPUs`,
  );
  const rounds: CaseResult[][] = [];
  for (let r = 0; r < ROUNDS; r += 1) rounds.push(await runAssistantEval(evalEnv, ask));
  const first = rounds[0]!;
  for (const c of first) log(`  ${c.pass ? 'pass' : 'FAIL'}  ${c.id.padEnd(22)} ${c.message}${c.pass ? '' : `\n        ${c.problems.join('; ')}`}`);
  const passed = first.filter((c) => c.pass).length;
  const all = rounds.flat().map((c) => c.ms);
  const ms = (v: number) => v.toFixed(1).padStart(7);
  log(`\n| provider | questions | passed | pass rate | chat p50 ms | p95 ms | p99 ms |`);
  log(`|---|--:|--:|--:|--:|--:|--:|`);
  log(
    `| ${status.provider} | ${first.length} | ${passed} | ${((passed / first.length) * 100).toFixed(1)} % | ${ms(percentile(all, 0.5))} | ${ms(percentile(all, 0.95))} | ${ms(percentile(all, 0.99))} |`,
  );

  // The generators: each description drafted through the API (queued, drafted by the worker, polled), in an
  // organization whose approved tools are the evaluation's; the draft must pass the checks and have what was asked.
  const genOrg = (await db.query<{ id: string }>(`insert into organizations (name, slug) values ('Bench Generators', 'bench-generators') returning id`))
    .rows[0]!.id;
  for (const t of EVAL_TOOLS) {
    const id = await insertTool(db, genOrg, t.name);
    await db.query('update tools set description = $2 where id = $1', [id, t.description]);
  }
  const superToken = tokens.get('super_admin')!;
  const headers = { authorization: `Bearer ${superToken}`, 'content-type': 'application/json', 'x-organization-id': genOrg };
  const generate = async (kind: 'workflow' | 'tool', description: string) => {
    const started = performance.now();
    const res = await fetch(`${base}/api/admin/ai-generator/generate-${kind}`, { method: 'POST', headers, body: JSON.stringify({ description }) });
    if (res.status !== 202) throw new Error(`generate-${kind}: ${res.status} ${await res.text()}`);
    const { task_id } = (await res.json()) as { task_id: string };
    for (;;) {
      const s = await fetch(`${base}/api/admin/ai-generator/task-status/${task_id}`, { headers });
      const task = (await s.json()) as { status: string; error: string | null; result: { workflow?: { graph: never }; tool?: never } | null };
      if (task.status === 'completed' || task.status === 'failed') return { task, ms: performance.now() - started };
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const genResults: { kind: string; id: string; pass: boolean; problems: string[]; ms: number }[] = [];
  for (const c of WORKFLOW_CASES) {
    const { task, ms } = await generate('workflow', c.description);
    const graph = task.result?.workflow?.graph;
    const problems = graph
      ? [...workflowProblems(graph, EVAL_TOOLS), ...c.checks.map((check) => check(graph)).filter((p): p is string => !!p)]
      : [task.error ?? 'no draft'];
    genResults.push({ kind: 'workflow', id: c.id, pass: problems.length === 0, problems, ms });
  }
  for (const c of TOOL_CASES) {
    const { task, ms } = await generate('tool', c.description);
    const tool = task.result?.tool;
    const problems = tool
      ? [...toolProblems(tool, new Set()), ...c.checks.map((check) => check(tool)).filter((p): p is string => !!p)]
      : [task.error ?? 'no draft'];
    genResults.push({ kind: 'tool', id: c.id, pass: problems.length === 0, problems, ms });
  }
  log('');
  for (const g of genResults) log(`  ${g.pass ? 'pass' : 'FAIL'}  ${g.kind.padEnd(8)} ${g.id}${g.pass ? '' : `\n        ${g.problems.join('; ')}`}`);
  log(`\n| generator | descriptions | valid, with what was asked | task p50 ms | p95 ms |`);
  log(`|---|--:|--:|--:|--:|`);
  for (const kind of ['workflow', 'tool']) {
    const rows = genResults.filter((g) => g.kind === kind);
    const times = rows.map((g) => g.ms);
    log(
      `| ${kind} (${status.provider}) | ${rows.length} | ${rows.filter((g) => g.pass).length} | ${ms(percentile(times, 0.5))} | ${ms(percentile(times, 0.95))} |`,
    );
  }
  log(`\nTargets (issue 16): built-in provider ≥ 90 % of the set, chat p95 ≤ 300 ms, every generated workflow/tool valid. (Figures, not assertions.)`);
  await app.close();
  await db.close();
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => runCleanups());
