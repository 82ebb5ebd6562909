import { it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { createTestContext } from '../test/harness.ts';
it('dumps', async () => {
  const ctx = await createTestContext();
  const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
  writeFileSync('/tmp/scratch/openapi.json', res.body);
  await ctx.close();
});
