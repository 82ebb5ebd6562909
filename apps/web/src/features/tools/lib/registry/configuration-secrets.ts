import { SECRET_MASK } from '@admin-portal/contract/tools/statuses';

/**
 * An environment's secrets as the configuration card edits them. The server never answers a secret's value, only
 * its name with SECRET_MASK; sending the mask back keeps the stored value and a name left out is removed. So a
 * stored secret is a row whose value is the mask until someone types a new one, and its name cannot change
 * (renaming would need the value again: remove it and add the new name instead).
 */
export interface SecretRow {
  /** A stable React key. */
  key: string;
  name: string;
  value: string;
  /** The server holds a value for this name. */
  stored: boolean;
}

export const SECRET_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

let counter = 0;
const newKey = () => `secret-${++counter}`;

export function secretRowsFrom(secrets: Readonly<Record<string, string>> | undefined): SecretRow[] {
  return Object.keys(secrets ?? {}).map((name) => ({ key: newKey(), name, value: SECRET_MASK, stored: true }));
}

export const newSecretRow = (name = ''): SecretRow => ({ key: newKey(), name, value: '', stored: false });

/** A stored secret nobody has typed over: saving keeps its value. */
export const keepsStoredValue = (row: SecretRow): boolean => row.stored && row.value === SECRET_MASK;

export type SecretsCheck =
  | { ok: true; secrets: Record<string, string> }
  /** Errors keyed by row key, and by `name:<key>` for the name input. */
  | { ok: false; errors: Record<string, string> };

/** What the configuration's `secrets` should be, or what is wrong with the rows. */
export function checkSecretRows(rows: readonly SecretRow[]): SecretsCheck {
  const errors: Record<string, string> = {};
  const secrets: Record<string, string> = {};
  const seen = new Set<string>();
  for (const row of rows) {
    const name = row.name.trim();
    if (!name) errors[`name:${row.key}`] = 'Name the secret';
    else if (name.length > 100) errors[`name:${row.key}`] = 'At most 100 characters';
    else if (!SECRET_NAME.test(name)) errors[`name:${row.key}`] = 'Use letters, digits and underscores (not starting with a digit)';
    else if (seen.has(name)) errors[`name:${row.key}`] = 'This secret is already listed';
    seen.add(name);

    if (keepsStoredValue(row)) {
      secrets[name] = SECRET_MASK;
    } else if (row.value === '') {
      errors[row.key] = row.stored ? 'Enter a new value, or remove the secret' : 'Enter the secret’s value';
    } else if (row.value === SECRET_MASK) {
      errors[row.key] = 'Enter the value itself, not the mask';
    } else if (row.value.length > 10_000) {
      errors[row.key] = 'At most 10000 characters';
    } else {
      secrets[name] = row.value;
    }
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, secrets };
}

/** The server's errors about secrets (`secrets.API_KEY`), placed on the rows they name. */
export function secretErrorsFromServer(errors: Readonly<Record<string, string>>, rows: readonly SecretRow[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) {
    if (!field.startsWith('secrets.')) continue;
    const name = field.slice('secrets.'.length);
    const row = rows.find((r) => r.name.trim() === name);
    if (row) out[`name:${row.key}`] = message;
  }
  return out;
}

const PLACEHOLDER_SECRET = /\{\{\s*secrets\.([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/**
 * The secrets a tool's config reads: every `{{secrets.NAME}}` in its strings (at any depth, keys included) and a
 * webhook's `signing_secret` name, in order of appearance.
 */
export function referencedSecrets(config: unknown): string[] {
  const names = new Set<string>();
  const walk = (value: unknown, key?: string) => {
    if (typeof value === 'string') {
      for (const match of value.matchAll(PLACEHOLDER_SECRET)) names.add(match[1]!);
      if (key === 'signing_secret' && SECRET_NAME.test(value.trim())) names.add(value.trim());
    } else if (Array.isArray(value)) {
      for (const item of value) walk(item);
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        walk(k);
        walk(v, k);
      }
    }
  };
  walk(config);
  return [...names];
}

/** Referenced secrets the rows do not set yet. */
export function missingSecrets(referenced: readonly string[], rows: readonly SecretRow[]): string[] {
  const listed = new Set(rows.map((r) => r.name.trim()));
  return referenced.filter((name) => !listed.has(name));
}
