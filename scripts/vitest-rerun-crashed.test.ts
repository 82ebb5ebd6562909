import { describe, expect, it } from 'vitest';
import { crashedOnly, optionsOf } from './vitest-rerun-crashed.ts';

const crash = (file: string, signal = 'SIGTRAP') =>
  `Error: [vitest-pool]: Worker forks emitted error.\nCaused by: Error: Worker exited unexpectedly with signal ${signal} during started state while running test file ${file}\n`;

describe('crashedOnly', () => {
  it('names the files a signal stopped when nothing else failed', () => {
    const output = `Vitest caught 1 unhandled error during the test run.\n${crash('/repo/a.test.ts')}\n Test Files  209 passed | 1 skipped (211)\n`;
    expect(crashedOnly(output)).toEqual({ files: ['/repo/a.test.ts'], signals: ['SIGTRAP'] });
  });

  it('reads through the colour codes', () => {
    const output = `\u001b[31mVitest caught 2 unhandled errors during the test run.\u001b[39m\n${crash('/repo/a.test.ts')}${crash('/repo/b.test.ts', 'SIGSEGV')}`;
    expect(crashedOnly(output)).toEqual({ files: ['/repo/a.test.ts', '/repo/b.test.ts'], signals: ['SIGTRAP', 'SIGSEGV'] });
  });

  it('is a real failure when a test failed, another error was caught, or nothing crashed', () => {
    expect(
      crashedOnly(`Vitest caught 1 unhandled error during the test run.\n${crash('/repo/a.test.ts')}\n Test Files  1 failed | 208 passed (211)`),
    ).toBeNull();
    expect(crashedOnly(`Vitest caught 2 unhandled errors during the test run.\n${crash('/repo/a.test.ts')}\nTypeError: x is undefined`)).toBeNull();
    expect(crashedOnly(' Test Files  1 failed | 210 passed (211)')).toBeNull();
  });
});

describe('optionsOf', () => {
  it('keeps the options and a project, not the file filters', () => {
    expect(optionsOf(['--project', 'server', 'apps/server/src/x.test.ts', '--bail=1'])).toEqual(['--project', 'server', '--bail=1']);
    expect(optionsOf([])).toEqual([]);
  });
});
