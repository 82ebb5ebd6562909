/**
 * Every value the API takes has a stated limit, read from the served OpenAPI document (so a new route is held
 * to it the day it is added): objects refuse unknown keys unless they are declared open JSON with their own
 * limits, every string has a maximum length (or is a choice or a UUID), every array a maximum size, every
 * number a lower and an upper bound (ADR 0019). The bad-input suites then send values past those limits.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { INPUT_LIMITS } from '@admin-portal/contract/input-rules';
import { createTestContext } from '../test/harness.ts';
import { operationsOf, type JsonSchema, type OpenApiDocument } from '../test/openapi-operations.ts';

const ctx = await createTestContext();
const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApiDocument;
const operations = operationsOf(doc);

/** `Number.MAX_SAFE_INTEGER` is what zod states for an integer nobody bounded. */
const bounded = (n: number | undefined) => n !== undefined && Math.abs(n) < Number.MAX_SAFE_INTEGER;

/** What is missing at each place of a schema the API takes, as `path: problem` lines. */
function missingLimits(schema: JsonSchema, path: string): string[] {
  const out: string[] = [];
  for (const alternative of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) out.push(...missingLimits(alternative, path));
  const types = schema.type === undefined ? [] : [schema.type].flat();
  const choice = schema.enum !== undefined || 'const' in schema;
  if (types.includes('string') && !choice && schema.maxLength === undefined && schema.format !== 'uuid') out.push(`${path}: a string without maxLength`);
  if ((types.includes('number') || types.includes('integer')) && !choice) {
    if (!bounded(schema.minimum ?? schema.exclusiveMinimum)) out.push(`${path}: a number without a lower bound`);
    if (!bounded(schema.maximum ?? schema.exclusiveMaximum)) out.push(`${path}: a number without an upper bound`);
  }
  if (types.includes('array')) {
    if (schema.maxItems === undefined) out.push(`${path}: an array without maxItems`);
    if (schema.items) out.push(...missingLimits(schema.items, `${path}.0`));
  }
  if (types.includes('object')) {
    if (schema['x-open-json']) {
      for (const key of ['x-max-depth', 'x-max-bytes', 'maxProperties'] as const) if (schema[key] === undefined) out.push(`${path}: open JSON without ${key}`);
      if (schema.propertyNames?.maxLength === undefined) out.push(`${path}: open JSON keys without maxLength`);
    } else if (typeof schema.additionalProperties === 'object') {
      // A record (secret name → value): bounded keys, values and count.
      if (schema.maxProperties === undefined) out.push(`${path}: a record without maxProperties`);
      if (schema.propertyNames?.maxLength === undefined) out.push(`${path}: record keys without maxLength`);
      out.push(...missingLimits(schema.additionalProperties, `${path}.*`));
    } else if (schema.additionalProperties !== false) {
      out.push(`${path}: an object that does not refuse unknown fields (additionalProperties: false)`);
    }
    for (const [name, child] of Object.entries(schema.properties ?? {})) out.push(...missingLimits(child, `${path}.${name}`));
  }
  return out;
}

describe('limits stated in the OpenAPI document', () => {
  afterAll(() => ctx.close());

  it.each(operations.map((op) => [op.key, op] as const))('%s states a limit for every value it takes', (_key, op) => {
    const problems = [
      ...(op.body ? missingLimits(op.body, 'body') : []),
      ...[...op.params, ...op.query].flatMap((p) => missingLimits(p.schema, `${p.in}.${p.name}`)),
    ];
    expect(problems).toEqual([]);
  });

  it('states open JSON limits no looser than the request-wide nesting limit', () => {
    const open: JsonSchema[] = [];
    const collect = (schema: JsonSchema) => {
      if (schema['x-open-json']) open.push(schema);
      for (const child of [
        ...Object.values(schema.properties ?? {}),
        ...(schema.anyOf ?? []),
        ...(schema.oneOf ?? []),
        ...(schema.items ? [schema.items] : []),
      ])
        collect(child);
    };
    for (const op of operations) if (op.body) collect(op.body);
    expect(open.length).toBeGreaterThan(0);
    for (const schema of open) {
      expect(schema['x-max-depth']).toBeLessThanOrEqual(INPUT_LIMITS.jsonDepth);
      expect(schema['x-max-bytes']).toBeLessThanOrEqual(ctx.config.bodyLimit);
    }
  });

  it('declares every body object strict (additionalProperties false) unless it is marked open JSON', () => {
    const bodies = operations.filter((op) => op.body).map((op) => op.body!);
    expect(bodies.length).toBeGreaterThan(0);
    // Strict, or explicitly open JSON with its limits (a form's answers, checked against the form by the service).
    for (const body of bodies) expect(body.additionalProperties === false || body['x-open-json'] === true).toBe(true);
  });
});
