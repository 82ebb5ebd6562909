// Runs `vitest run` with the given arguments and, when the only trouble was test files whose worker process was
// killed by a signal (V8's intermittent abort under PGlite's WebAssembly churn, nodejs/node#64500: "Check failed:
// jit_page_->allocations_.erase(addr) == 1"), runs those files once more. A failing test, an error of any other kind,
// or a second crash fails the run as before. See docs/decisions/0050-rerun-files-a-v8-crash-stopped.md.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const vitest = path.join(path.dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');

interface Run {
  code: number;
  output: string;
}

function run(args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [vitest, 'run', ...args], { stdio: ['inherit', 'pipe', 'pipe'], env });
    let output = '';
    const pass = (to: NodeJS.WriteStream) => (chunk: Buffer) => {
      to.write(chunk);
      output += chunk.toString();
    };
    child.stdout.on('data', pass(process.stdout));
    child.stderr.on('data', pass(process.stderr));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

// eslint-disable-next-line no-control-regex -- the colour codes vitest writes
const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');
const CRASH = /Worker exited unexpectedly with signal (SIG[A-Z]+) during \w+ state while running test file (\S+)/g;

/** The files a signal stopped, when that is all that went wrong; null when anything else failed. */
export function crashedOnly(output: string): { files: string[]; signals: string[] } | null {
  const text = plain(output);
  const crashes = [...text.matchAll(CRASH)];
  if (crashes.length === 0) return null;
  // Any failed test or file, or an unhandled error that is not one of these crashes, is a real failure.
  if (/\b\d+ failed\b/.test(text)) return null;
  const unhandled = Number(/Vitest caught (\d+) unhandled errors?/.exec(text)?.[1] ?? '0');
  if (unhandled !== crashes.length) return null;
  return { files: [...new Set(crashes.map((m) => m[2]!))], signals: [...new Set(crashes.map((m) => m[1]!))] };
}

/** The run's options without its file filters, so the second run takes the stopped files alone (`--project x` kept). */
export function optionsOf(args: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('-')) continue;
    out.push(arg);
    if (arg === '--project' && args[i + 1] !== undefined) out.push(args[++i]!);
  }
  return out;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const first = await run(args);
  if (first.code === 0) return 0;
  const crashed = crashedOnly(first.output);
  if (!crashed) return first.code;
  process.stdout.write(
    `\n${crashed.files.length} test file(s) stopped by ${crashed.signals.join(', ')} (V8's abort under PGlite, nodejs/node#64500), no test failed: running them once more\n  ${crashed.files.join('\n  ')}\n\n`,
  );
  return (await run([...optionsOf(args), ...crashed.files])).code;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(await main());
