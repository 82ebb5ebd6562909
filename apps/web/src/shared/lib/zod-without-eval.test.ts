import { describe, expect, it, vi } from 'vitest';

describe('zod without eval', () => {
  it('zod takes the setting made before it loads, and parses objects without compiling a function', async () => {
    await import('./zod-without-eval.ts');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    const compile = vi.spyOn(globalThis, 'Function');
    const schema = z.object({ name: z.string(), tags: z.array(z.string()) });
    for (let i = 0; i < 3; i += 1) expect(schema.parse({ name: 'Ada', tags: ['a'] })).toEqual({ name: 'Ada', tags: ['a'] });
    expect(compile).not.toHaveBeenCalled();
    compile.mockRestore();
  });
});
