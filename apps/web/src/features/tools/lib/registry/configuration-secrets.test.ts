import { describe, expect, it } from 'vitest';
import { SECRET_MASK } from '@admin-portal/contract/tools/api';
import {
  checkSecretRows,
  keepsStoredValue,
  missingSecrets,
  newSecretRow,
  referencedSecrets,
  secretErrorsFromServer,
  secretRowsFrom,
} from './configuration-secrets.ts';

describe('environment secrets', () => {
  it('shows stored secrets with the mask and sends the mask back to keep them', () => {
    const rows = secretRowsFrom({ API_KEY: SECRET_MASK, TOKEN: SECRET_MASK });
    expect(rows.map((r) => [r.name, r.value, r.stored])).toEqual([
      ['API_KEY', SECRET_MASK, true],
      ['TOKEN', SECRET_MASK, true],
    ]);
    expect(rows.every(keepsStoredValue)).toBe(true);
    expect(checkSecretRows(rows)).toEqual({ ok: true, secrets: { API_KEY: SECRET_MASK, TOKEN: SECRET_MASK } });
  });

  it('sends a typed-over value, adds new ones and leaves removed ones out (the server then deletes them)', () => {
    const [apiKey, token] = secretRowsFrom({ API_KEY: SECRET_MASK, TOKEN: SECRET_MASK });
    const added = { ...newSecretRow('NEW_ONE'), value: 'fresh' };
    const check = checkSecretRows([{ ...apiKey!, value: 'rotated-123' }, added]);
    expect(check).toEqual({ ok: true, secrets: { API_KEY: 'rotated-123', NEW_ONE: 'fresh' } });
    expect(token).toBeDefined();
  });

  it('refuses bad names, duplicates, missing values and the mask typed as a value', () => {
    const [stored] = secretRowsFrom({ API_KEY: SECRET_MASK });
    const rows = [
      { ...stored!, value: '' },
      { ...newSecretRow('1BAD'), value: 'x' },
      { ...newSecretRow('API_KEY'), value: 'x' },
      newSecretRow('EMPTY'),
      { ...newSecretRow('MASKED'), value: SECRET_MASK },
      { ...newSecretRow(''), value: 'x' },
    ];
    const check = checkSecretRows(rows);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.errors).toEqual({
      [rows[0]!.key]: 'Enter a new value, or remove the secret',
      [`name:${rows[1]!.key}`]: 'Use letters, digits and underscores (not starting with a digit)',
      [`name:${rows[2]!.key}`]: 'This secret is already listed',
      [rows[3]!.key]: 'Enter the secret’s value',
      [rows[4]!.key]: 'Enter the value itself, not the mask',
      [`name:${rows[5]!.key}`]: 'Name the secret',
    });
  });

  it('places the server’s secret errors on the rows they name', () => {
    const rows = [{ ...newSecretRow('API_KEY'), value: 'x' }];
    expect(secretErrorsFromServer({ 'secrets.API_KEY': 'Too long', 'config.url': 'Bad' }, rows)).toEqual({ [`name:${rows[0]!.key}`]: 'Too long' });
  });

  it('finds the secrets a config reads, at any depth, and a webhook’s signing secret', () => {
    expect(
      referencedSecrets({
        url: 'https://x/{{ secrets.PATH_KEY }}',
        headers: { 'X-API-Key': '{{secrets.API_KEY}}', Authorization: 'Bearer {{secrets.TOKEN}} {{secrets.API_KEY}}' },
        body_template: '{"a": "{{input.a}}"}',
        signing_secret: 'WEBHOOK_SECRET',
      }),
    ).toEqual(['PATH_KEY', 'API_KEY', 'TOKEN', 'WEBHOOK_SECRET']);
    expect(referencedSecrets({ signing_secret: '' })).toEqual([]);
  });

  it('lists the referenced secrets not set yet', () => {
    const rows = [newSecretRow('API_KEY')];
    expect(missingSecrets(['API_KEY', 'TOKEN'], rows)).toEqual(['TOKEN']);
  });
});
