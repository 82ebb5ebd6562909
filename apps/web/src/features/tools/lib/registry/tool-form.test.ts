import { describe, expect, it } from 'vitest';
import type { Tool } from '@admin-portal/contract/tools/api';
import { TOOL_TEMPLATES } from '@admin-portal/contract/tools/templates';
import {
  checkToolForm,
  configurationCallChanges,
  definitionChanges,
  formFromTemplate,
  formFromTool,
  formFromType,
  needsApprovalAgain,
  sameJson,
} from './tool-form.ts';

const REST_GET = TOOL_TEMPLATES.find((t) => t.key === 'rest-get-json')!;

const TOOL: Tool = {
  id: '1b4e28ba-2fa1-11d2-883f-0016d3cca427',
  organization_id: '2b4e28ba-2fa1-11d2-883f-0016d3cca427',
  organization_name: 'Acme',
  name: 'lookup_customer',
  description: 'Reads a customer',
  tool_type: 'http_request',
  // As the database answers it: its own key order.
  input_schema: {
    type: 'object',
    required: ['customer_id'],
    properties: { customer_id: { minLength: 1, type: 'string', description: 'The customer id in the other system' } },
    additionalProperties: false,
  },
  output_schema: null,
  config: { ...REST_GET.config },
  status: 'approved',
  is_enabled: true,
  created_by: null,
  created_by_email: null,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
};

describe('the tool definition form', () => {
  it('starts from a template with its settings and schema', () => {
    const values = formFromTemplate(REST_GET);
    expect(values).toMatchObject({ name: 'lookup_customer', tool_type: 'http_request', outputSchemaText: '' });
    expect(JSON.parse(values.inputSchemaText)).toEqual(REST_GET.input_schema);
    expect(checkToolForm(values).ok).toBe(true);
    values.config.url = 'changed';
    expect(REST_GET.config.url).not.toBe('changed'); // a copy, not the template itself
  });

  it('starts from scratch with the type’s defaults and an empty object schema', () => {
    const values = formFromType({ type: 'transform', defaults: { mapping: { a: 'input.a' } } });
    expect(values).toMatchObject({ name: '', tool_type: 'transform', config: { mapping: { a: 'input.a' } } });
    expect(JSON.parse(values.inputSchemaText)).toEqual({ type: 'object', properties: {}, required: [] });
  });

  it('reports every problem at once, keyed as the server keys them', () => {
    const values = {
      ...formFromTemplate(REST_GET),
      name: 'has spaces!',
      description: ' ',
      config: { ...REST_GET.config, url: 'ftp://x', timeout_ms: 5 },
      inputSchemaText: '{"type":"array"}',
      outputSchemaText: '{',
    };
    const check = checkToolForm(values);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.errors).toEqual({
      name: 'Use letters, digits, _, - and . only (an MCP tool name)',
      description: 'Description is required',
      'config.url': 'Enter an http:// or https:// URL',
      'config.timeout_ms': 'At least 100 ms',
      input_schema: 'type: An input schema describes an object: set "type": "object"',
      output_schema: expect.stringMatching(/^Not valid JSON/),
    });
  });

  it('builds the create body, trimming the description and leaving no output schema as null', () => {
    const check = checkToolForm({ ...formFromTemplate(REST_GET), name: ' my.tool-1 ', description: '  Reads  ' });
    expect(check.ok && check.body).toMatchObject({
      name: 'my.tool-1',
      description: 'Reads',
      tool_type: 'http_request',
      output_schema: null,
      input_schema: REST_GET.input_schema,
    });
  });

  it('sends only what changed, whatever the key order, so an untouched approved tool keeps its approval', () => {
    const form = formFromTool(TOOL);
    const reordered = { ...form, inputSchemaText: JSON.stringify(REST_GET.input_schema) };
    const check = checkToolForm(reordered);
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(definitionChanges(TOOL, check.body)).toEqual({});
    expect(needsApprovalAgain(TOOL, {})).toBe(false);

    const edited = checkToolForm({
      ...form,
      description: 'Reads one customer',
      config: { ...form.config, url: 'https://sandbox.example.com/c/{{input.customer_id}}' },
    });
    if (!edited.ok) throw new Error('expected a valid form');
    const changes = definitionChanges(TOOL, edited.body);
    expect(changes).toEqual({ description: 'Reads one customer', config: edited.body.config });
    expect(needsApprovalAgain(TOOL, changes)).toBe(true);
    expect(needsApprovalAgain({ status: 'draft' }, changes)).toBe(false);
    // An editor who may approve the tool keeps it approved.
    expect(needsApprovalAgain(TOOL, changes, true)).toBe(false);
  });

  it('tells when saving a configuration changes what the tool calls in its environment', () => {
    const stored = { config: { url: 'https://a.example.com' }, is_active: true };
    expect(configurationCallChanges(stored, { config: { url: 'https://a.example.com' }, is_active: true })).toBe(false);
    expect(configurationCallChanges(stored, { config: { url: 'https://b.example.com' }, is_active: true })).toBe(true);
    expect(configurationCallChanges(stored, { ...stored, is_active: false })).toBe(true);
    expect(configurationCallChanges(stored, undefined)).toBe(true);
    expect(configurationCallChanges(undefined, { config: {}, is_active: true })).toBe(false);
    expect(configurationCallChanges(undefined, { config: { url: 'https://b.example.com' }, is_active: false })).toBe(false);
  });

  it('compares JSON deeply without caring about key order', () => {
    expect(sameJson({ a: 1, b: [1, { c: 2, d: 3 }] }, { b: [1, { d: 3, c: 2 }], a: 1 })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
    expect(sameJson(null, {})).toBe(false);
  });
});
