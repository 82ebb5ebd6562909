import { describe, expect, it } from 'vitest';
import { emptyValue, humanize, setIn, singularOf } from './schema-form.tsx';

describe('schema form helpers', () => {
  it('labels property names and enum values', () => {
    expect(humanize('sla_hours')).toBe('SLA hours');
    expect(humanize('compliance_officer')).toBe('Compliance officer');
    expect(humanize('tool_name')).toBe('Tool name');
    expect(['Branches', 'Fields', 'Options', 'Required fields', 'Boxes'].map(singularOf)).toEqual(['Branch', 'Field', 'Option', 'Required field', 'Box']);
  });

  it('sets values along a path without touching the rest, and removes undefined ones', () => {
    const root = { fields: [{ key: 'a', label: 'A' }, { key: 'b' }], title: 'T' };
    const next = setIn(root, ['fields', 1, 'label'], 'B') as typeof root;
    expect(next.fields[1]).toEqual({ key: 'b', label: 'B' });
    expect(next.fields[0]).toBe(root.fields[0]);
    expect(root.fields[1]).toEqual({ key: 'b' });
    expect(setIn({ amount: 3, unit: 'days' }, ['amount'], undefined)).toEqual({ unit: 'days' });
  });

  it('makes new list items from the schema: defaults first, else empty values of the type', () => {
    const field = {
      type: 'object',
      properties: {
        key: { type: 'string' },
        type: { type: 'string', enum: ['text', 'email'], default: 'text' },
        required: { type: 'boolean', default: true },
        options: { type: 'array', default: [] },
      },
    };
    expect(emptyValue(field)).toEqual({ key: '', type: 'text', required: true, options: [] });
    expect(emptyValue({ type: 'integer' })).toBeUndefined();
  });
});
