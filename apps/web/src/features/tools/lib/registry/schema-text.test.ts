import { describe, expect, it } from 'vitest';
import { checkOptionalSchemaText, checkSchemaText, describeFields, INPUT_NOT_OBJECT, schemaServerError } from './schema-text.ts';

const text = (v: unknown) => JSON.stringify(v);

describe('the input schema editor', () => {
  it('accepts an object schema and lists its fields', () => {
    const check = checkSchemaText(
      text({
        type: 'object',
        properties: { customer_id: { type: 'string' }, age: { type: ['integer', 'null'] }, kind: { enum: ['a', 'b'] } },
        required: ['customer_id'],
      }),
      'input',
    );
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.fields).toEqual([
      { name: 'customer_id', type: 'string', required: true },
      { name: 'age', type: 'integer or null', required: false },
      { name: 'kind', type: 'one of a list', required: false },
    ]);
    expect(describeFields(check.fields)).toBe('3 fields: customer_id (string, required), age (integer or null), kind (one of a list)');
    expect(check.warnings).toEqual([]);
  });

  it('says where the JSON is broken', () => {
    const check = checkSchemaText('{ "type": "object", }', 'input');
    expect(check).toMatchObject({ ok: false, path: '' });
    expect(!check.ok && check.message).toMatch(/^Not valid JSON: /);
    expect(checkSchemaText('  ', 'input')).toEqual({ ok: false, path: '', message: 'Enter the input schema (a JSON object)' });
  });

  it('requires an object, and an input schema of type object (as the server and MCP do)', () => {
    expect(checkSchemaText('[]', 'input')).toMatchObject({ ok: false, message: expect.stringMatching(/is a JSON object/) });
    expect(checkSchemaText('"x"', 'output')).toMatchObject({ ok: false });
    expect(checkSchemaText(text({ type: 'array' }), 'input')).toEqual({ ok: false, path: 'type', message: INPUT_NOT_OBJECT });
    expect(checkSchemaText(text({ type: 'array', items: { type: 'string' } }), 'output').ok).toBe(true);
  });

  it('finds a misspelt type or a badly shaped keyword at any depth, with its path', () => {
    expect(checkSchemaText(text({ type: 'object', properties: { a: { type: 'strin' } } }), 'input')).toMatchObject({
      ok: false,
      path: 'properties.a.type',
      message: expect.stringContaining('"strin" is not a JSON Schema type'),
    });
    expect(
      checkSchemaText(
        text({ type: 'object', properties: { list: { type: 'array', items: { type: 'object', properties: { n: { type: 'int' } } } } } }),
        'input',
      ),
    ).toMatchObject({
      ok: false,
      path: 'properties.list.items.properties.n.type',
    });
    expect(checkSchemaText(text({ type: 'object', properties: [] }), 'input')).toMatchObject({ ok: false, path: 'properties' });
    expect(checkSchemaText(text({ type: 'object', properties: { a: 'string' } }), 'input')).toMatchObject({
      ok: false,
      path: 'properties.a',
      message: 'A schema must be a JSON object',
    });
    expect(checkSchemaText(text({ type: 'object', required: 'a' }), 'input')).toMatchObject({ ok: false, path: 'required' });
    expect(checkSchemaText(text({ type: 'object', anyOf: [] }), 'input')).toMatchObject({ ok: false, path: 'anyOf' });
    expect(checkSchemaText(text({ type: 'object', properties: { a: { enum: [] } } }), 'input')).toMatchObject({ ok: false, path: 'properties.a.enum' });
    expect(checkSchemaText(text({ type: 'object', additionalProperties: { type: 'text' } }), 'input')).toMatchObject({
      ok: false,
      path: 'additionalProperties.type',
    });
  });

  it('warns, without refusing, about required fields that are not described', () => {
    const check = checkSchemaText(text({ type: 'object', properties: { a: { type: 'string' } }, required: ['a', 'b'] }), 'input');
    expect(check).toMatchObject({ ok: true, warnings: ['Required but not described in "properties": b'] });
  });

  it('treats an empty output schema as none', () => {
    expect(checkOptionalSchemaText('', 'output')).toMatchObject({ ok: true, schema: null });
    expect(checkOptionalSchemaText('{', 'output').ok).toBe(false);
  });

  it('gathers the server’s errors about a schema into one message', () => {
    const errors = {
      name: 'Taken',
      input_schema: 'An input schema describes an object',
      'input_schema.properties.a.type': 'Not a valid JSON Schema: must be equal to one of the allowed values',
    };
    expect(schemaServerError(errors, 'input_schema')).toBe(
      'An input schema describes an object; properties.a.type: Not a valid JSON Schema: must be equal to one of the allowed values',
    );
    expect(schemaServerError(errors, 'output_schema')).toBeUndefined();
  });
});
