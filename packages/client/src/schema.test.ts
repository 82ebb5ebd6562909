import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generatedSchema, SCHEMA_FILE } from '../../../scripts/generate-client.ts';

describe("the client's generated types", () => {
  it('match the OpenAPI document the server serves (run npm run client:generate when this fails)', async () => {
    expect(readFileSync(SCHEMA_FILE, 'utf8') === (await generatedSchema())).toBe(true);
  });
});
