// What the input rule (ADR 0019) costs a request, in process: parsing the JSON text, the text-and-nesting scan
// over every value, and validation with the strict schema against the schema as declared, for a sign-in, a
// 500-step graph save, a large tool test input and a hostile 10,000-level body. Run with `npm run bench:input`
// (options: --runs, --steps). Prints figures and writes JSON to bench/results/; asserts nothing.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import type { z } from 'zod';
import { loginSchema } from '../packages/contract/src/auth.ts';
import { findInputProblems } from '../packages/contract/src/input-rules.ts';
import { testToolSchema } from '../packages/contract/src/tools/api.ts';
import { saveWorkflowGraphSchema } from '../packages/contract/src/workflows/api.ts';
import { strictInput } from '../apps/server/src/http/strict-input.ts';
import { ROOT } from './lib/server.ts';
import { generateGraph } from './lib/workflow-graph.ts';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '200' }, steps: { type: 'string', default: '500' } } });
const RUNS = Number(args.runs);
const STEPS = Number(args.steps);

interface Case {
  name: string;
  text: string;
  schema: z.ZodType;
}

const rows = Array.from({ length: 1500 }, (_, i) => ({ id: i, name: `Applicant ${i}`, country: 'DE', tags: ['kyc', 'retail'], score: i / 7 }));
const CASES: Case[] = [
  { name: 'sign-in', text: JSON.stringify({ email: 'someone@example.com', password: 'Correct-Horse-42' }), schema: loginSchema },
  { name: `graph save, ${STEPS} steps`, text: JSON.stringify({ graph: generateGraph(STEPS), expected_version: 3 }), schema: saveWorkflowGraphSchema },
  { name: 'tool test input, 1,500 rows', text: JSON.stringify({ input: { rows }, environment: 'development' }), schema: testToolSchema },
  { name: '10,000 levels (refused)', text: `{"email":"a@example.com","password":"x","zzz":${'['.repeat(10_000)}${']'.repeat(10_000)}}`, schema: loginSchema },
];

function time(run: () => unknown): { p50: number; p99: number } {
  for (let i = 0; i < Math.min(20, RUNS); i += 1) run();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    run();
    samples.push((performance.now() - start) * 1000);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => Math.round(samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!);
  return { p50: at(0.5), p99: at(0.99) };
}

const results = CASES.map((c) => {
  const value = JSON.parse(c.text) as unknown;
  const strict = strictInput(c.schema);
  const problems = findInputProblems(value);
  const refused = problems.length > 0;
  return {
    case: c.name,
    kb: Math.round((Buffer.byteLength(c.text) / 1024) * 10) / 10,
    parse_us: time(() => JSON.parse(c.text)),
    scan_us: time(() => findInputProblems(value)),
    // A refused body never reaches the schema.
    declared_us: refused ? null : time(() => c.schema.safeParse(value)),
    strict_us: refused ? null : time(() => strict.safeParse(value)),
    problems: problems.length,
  };
});

const cell = (t: { p50: number; p99: number } | null) => (t ? `${t.p50} / ${t.p99}` : '—');
const table = [
  ['body', 'KB', 'JSON.parse', 'text+nesting scan', 'schema as declared', 'strict schema', 'problems'],
  ...results.map((r) => [r.case, String(r.kb), cell(r.parse_us), cell(r.scan_us), cell(r.declared_us), cell(r.strict_us), String(r.problems)]),
];
const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
process.stdout.write(`\nInput rule, in process: µs p50 / p99 over ${RUNS} runs (Node ${process.versions.node})\n\n`);
for (const row of table) process.stdout.write(`  ${row.map((v, i) => (i === 0 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join('  ')}\n`);

fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
const file = path.join(ROOT, 'bench/results', `input-rule-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
fs.writeFileSync(file, JSON.stringify({ runs: RUNS, node: process.versions.node, results }, null, 2));
process.stdout.write(`\n  written to ${path.relative(ROOT, file)}\n`);
