import { describe, expect, it } from 'vitest';
import { fillJsonTemplate, fillString, fillUrlTemplate, resolvePlaceholder, type TemplateScope } from './templates.ts';

const scope: TemplateScope = {
  input: { id: 'c-1', amount: 42, vip: true, tags: ['a', 'b'], customer: { name: 'Ada', city: null }, odd: 'a/b?x=1&y' },
  config: { region: 'eu', base_url: 'https://api.example.com/v2' },
  secrets: { API_KEY: 's3cr3t' },
  environment: 'staging',
};

describe('fillString', () => {
  it('fills input, config, secrets and environment', () => {
    expect(fillString('id={{input.id}} r={{ config.region }} k={{secrets.API_KEY}} env={{environment}}', scope)).toBe('id=c-1 r=eu k=s3cr3t env=staging');
  });

  it('writes numbers and booleans as text, objects as JSON, missing and null as empty', () => {
    expect(fillString('{{input.amount}}|{{input.vip}}|{{input.tags}}|{{input.customer}}', scope)).toBe('42|true|["a","b"]|{"name":"Ada","city":null}');
    expect(fillString('[{{input.nope}}][{{input.customer.city}}][{{secrets.MISSING}}][{{input.customer.name.first}}]', scope)).toBe('[][][][]');
  });

  it('reads {{input}} as the whole input and never reaches prototypes', () => {
    expect(fillString('{{input}}', { ...scope, input: { a: 1 } })).toBe('{"a":1}');
    expect(resolvePlaceholder('input.constructor', scope)).toBeUndefined();
    expect(resolvePlaceholder('input.__proto__', scope)).toBeUndefined();
    expect(resolvePlaceholder('secrets', scope)).toBeUndefined();
  });
});

describe('fillUrlTemplate', () => {
  it('percent-encodes input values but not config values', () => {
    expect(fillUrlTemplate('{{config.base_url}}/customers/{{input.odd}}', scope)).toBe('https://api.example.com/v2/customers/a%2Fb%3Fx%3D1%26y');
  });
});

describe('fillJsonTemplate', () => {
  it('keeps the JSON type of a string that is only a placeholder', () => {
    const body = fillJsonTemplate(
      '{"id":"{{input.id}}","amount":"{{input.amount}}","vip":"{{ input.vip }}","tags":"{{input.tags}}","who":"{{input.customer}}","missing":"{{input.nope}}","note":"Pay {{input.amount}} EUR","all":"{{input}}","list":["{{input.amount}}", 1, null],"{{config.region}}_key":true}',
      scope,
    );
    expect(body).toEqual({
      id: 'c-1',
      amount: 42,
      vip: true,
      tags: ['a', 'b'],
      who: { name: 'Ada', city: null },
      missing: null,
      note: 'Pay 42 EUR',
      all: scope.input,
      list: [42, 1, null],
      eu_key: true,
    });
  });

  it('sends the input as it is for an empty template', () => {
    expect(fillJsonTemplate('', scope)).toBe(scope.input);
    expect(fillJsonTemplate('  \n', scope)).toBe(scope.input);
  });

  it('fails on a template that is not JSON', () => {
    expect(() => fillJsonTemplate('{"a": {{input.id}}}', scope)).toThrow(/not valid JSON/);
  });
});
