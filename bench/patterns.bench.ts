// What user-written patterns cost on the attack inputs (issue 31 item 3): exponential patterns in a backtracking
// engine, run through the expression language's matches() and a tool input schema's `pattern` (ajv), both on the
// linear-time engine of packages/contract/src/patterns.ts, on "a" × n + "!" for n up to 10,000 (what matches() reads
// of a text). JavaScript's own RegExp is timed beside them on short inputs only, to show what they replace (it doubles
// with every character: 29 would take seconds, 40 hours). Run with `npm run bench:patterns` (option: --runs).
// Prints figures and writes JSON to bench/results/; asserts nothing.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { evaluateExpression, parseExpression } from '../packages/contract/src/workflows/expression.ts';
import { schemaErrors } from '../apps/server/src/modules/tool-runtime/schema-validation.ts';
import { ROOT } from './lib/server.ts';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '20' } } });
const RUNS = Number(args.runs);

const PATTERNS = ['^(a+)+$', '^(a|a)+$', '^(a|aa)+$', '^(\\w+\\s?)*$'];
const LENGTHS = [29, 1_000, 10_000];
const NATIVE_LENGTHS = [16, 18, 20, 22];

function time(run: () => unknown): { p50: number; max: number } {
  run();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    run();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 1000) / 1000;
  return { p50: round(samples[Math.floor(samples.length / 2)]!), max: round(samples.at(-1)!) };
}

const results = PATTERNS.map((pattern) => {
  const expression = parseExpression(`matches(input.s, ${JSON.stringify(pattern)})`);
  const schema = { type: 'object', properties: { s: { type: 'string', pattern } } };
  const attack = (n: number) => `${'a'.repeat(n)}!`;
  return {
    pattern,
    matches_ms: Object.fromEntries(LENGTHS.map((n) => [n, time(() => evaluateExpression(expression, { input: { s: attack(n) } }))])),
    schema_ms: Object.fromEntries(LENGTHS.map((n) => [n, time(() => schemaErrors(schema, { s: attack(n) }, 'input'))])),
    native_regexp_ms: Object.fromEntries(NATIVE_LENGTHS.map((n) => [n, time(() => new RegExp(pattern).test(attack(n)))])),
  };
});

const cell = (t: { p50: number; max: number }) => `${t.p50} / ${t.max}`;
const header = ['pattern', ...LENGTHS.map((n) => `matches() n=${n}`), ...LENGTHS.map((n) => `schema n=${n}`), ...NATIVE_LENGTHS.map((n) => `RegExp n=${n}`)];
const table = [
  header,
  ...results.map((r) => [
    r.pattern,
    ...LENGTHS.map((n) => cell(r.matches_ms[n]!)),
    ...LENGTHS.map((n) => cell(r.schema_ms[n]!)),
    ...NATIVE_LENGTHS.map((n) => cell(r.native_regexp_ms[n]!)),
  ]),
];
const widths = header.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
process.stdout.write(`\nPatterns on "a" × n + "!": ms p50 / max over ${RUNS} runs (Node ${process.versions.node})\n\n`);
for (const row of table) process.stdout.write(`  ${row.map((v, i) => (i === 0 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join('  ')}\n`);

fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
const file = path.join(ROOT, 'bench/results', `patterns-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
fs.writeFileSync(file, JSON.stringify({ runs: RUNS, node: process.versions.node, results }, null, 2));
process.stdout.write(`\n  written to ${path.relative(ROOT, file)}\n`);
