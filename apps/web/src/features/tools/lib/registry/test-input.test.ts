import { describe, expect, it } from 'vitest';
import { cleanInput, formCanShow, headerLines, parseJsonInput, requestLine } from './test-input.ts';

describe('the test console input', () => {
  const schema = {
    type: 'object',
    properties: { id: { type: 'string' }, dob: { type: 'string' }, tags: { type: 'array' }, n: { type: 'number' } },
    required: ['id'],
  };

  it('drops optional fields left empty, keeps required ones as typed', () => {
    expect(cleanInput(schema, { id: '', dob: '', tags: [], n: undefined })).toEqual({ id: '' });
    expect(cleanInput(schema, { id: 'c-1', dob: '1990-01-01', tags: ['a'], n: 0 })).toEqual({ id: 'c-1', dob: '1990-01-01', tags: ['a'], n: 0 });
  });

  it('reads JSON input as an object only', () => {
    expect(parseJsonInput('')).toEqual({ ok: true, value: {} });
    expect(parseJsonInput('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseJsonInput('[1]')).toMatchObject({ ok: false });
    expect(parseJsonInput('{a:1}')).toMatchObject({ ok: false, message: expect.stringMatching(/^Not valid JSON/) });
  });

  it('uses the form only when the schema describes fields', () => {
    expect(formCanShow(schema)).toBe(true);
    expect(formCanShow({ type: 'object' })).toBe(false);
  });

  it('shows the request as it went out', () => {
    expect(requestLine({ method: 'GET', url: 'http://127.0.0.1:1/customers/c-1' })).toBe('GET http://127.0.0.1:1/customers/c-1');
    expect(requestLine(null)).toBe('');
    expect(headerLines({ accept: 'application/json', 'x-api-key': '[redacted]' })).toBe('accept: application/json\nx-api-key: [redacted]');
    expect(headerLines(undefined)).toBe('');
  });
});
