import { describe, expect, it } from 'vitest';
import { errorsUnder, fieldErrorMap, withoutError } from './field-errors.ts';

describe('server field errors', () => {
  it('keys the first message of each field', () => {
    expect(
      fieldErrorMap([
        { field: 'name', message: 'Organization name is required' },
        { field: 'name', message: 'second' },
        { field: 'allowed_email_domains.1', message: 'Enter a domain such as example.com' },
      ]),
    ).toEqual({ name: 'Organization name is required', 'allowed_email_domains.1': 'Enter a domain such as example.com' });
    expect(fieldErrorMap(undefined)).toEqual({});
  });

  it('gathers the errors below a field with their remaining path', () => {
    const errors = { 'allowed_email_domains.1': 'bad', allowed_email_domains: 'too many', allowed_registration: 'x' };
    expect(errorsUnder(errors, 'allowed_email_domains')).toEqual([
      { path: '1', message: 'bad' },
      { path: '', message: 'too many' },
    ]);
  });

  it('clears one field and those below it, keeping the same object when nothing changes', () => {
    const errors = { name: 'a', 'domains.0': 'b', domainsX: 'c' };
    expect(withoutError(errors, 'domains')).toEqual({ name: 'a', domainsX: 'c' });
    expect(withoutError(errors, 'description')).toBe(errors);
  });
});
