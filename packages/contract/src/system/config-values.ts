/**
 * System Configuration's value types, known keys, messages and pure helpers, without zod: the page's list shows them
 * before any form needs a schema. config.ts re-exports them with the schemas built on them.
 */
import { ENVIRONMENTS, type Environment } from '../tools/statuses.ts';

export { ENVIRONMENTS, type Environment };

export const CONFIG_VALUE_TYPES = ['string', 'number', 'boolean', 'json', 'secret', 'file'] as const;
export type ConfigValueType = (typeof CONFIG_VALUE_TYPES)[number];
/** Types set through create/update; a file comes only through upload-binary. */
export const EDITABLE_VALUE_TYPES = ['string', 'number', 'boolean', 'json', 'secret'] as const;

export const CONFIG_MESSAGES = {
  valueRequired: 'Value is required',
  notANumber: 'Value must be a number',
  notABoolean: 'Value must be true or false',
  invalidJson: (reason: string) => `Value must be valid JSON: ${reason}`,
  stringTooLong: 'Value must be at most 10000 characters',
  jsonTooLarge: 'JSON value must be at most 100 KB',
  duplicate: 'An entry with this key already exists for this organization and environment',
  globalNeedsSuperAdmin: 'Only a super administrator can change configuration that applies to all organizations.',
  fileRequired: 'A file is required',
  fileTooLarge: (limit: string) => `The file is larger than the upload limit of ${limit}.`,
  refusedType: (key: string, types: string) => `${key} accepts only ${types} files.`,
  notAFile: 'This entry holds no file',
  useUpload: 'A file value is set by uploading a file',
  typeMismatch: (key: string, type: string) => `${key} must be of type ${type}`,
  notFoundByKey: (key: string) => `No enabled configuration entry "${key}" applies here`,
} as const;

/** Largest text value and JSON document accepted. */
export const CONFIG_STRING_MAX = 10_000;
export const CONFIG_JSON_MAX_BYTES = 100 * 1024;

export interface KnownConfigKey {
  key: string;
  type: ConfigValueType;
  title: string;
  /** What the product does with it. */
  effect: string;
  /** For files: the content types accepted. */
  accept?: readonly string[];
  /** For text: the form a value must have, and what is said when it has not. */
  pattern?: { regex: RegExp; message: string };
}

/** Raster images only: an SVG can carry script, so it is never accepted as a logo. */
export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** Keys the product reads (the page explains each). Other keys are kept for integrations and scripts. */
export const KNOWN_CONFIG_KEYS: readonly KnownConfigKey[] = [
  {
    key: 'branding.product_name',
    type: 'string',
    title: 'Product name',
    effect: 'Shown in the sidebar, the browser tab and on the sign-in page instead of the product setting.',
  },
  {
    key: 'branding.logo',
    type: 'file',
    title: 'Logo',
    effect: 'Image shown in the sidebar and on the sign-in page (PNG, JPEG, GIF or WebP).',
    accept: LOGO_CONTENT_TYPES,
  },
  {
    key: 'branding.color',
    type: 'string',
    title: 'Brand colour',
    effect: "The colour of buttons and links on the applicant's pages, as #rrggbb (e.g. #0b5fff); the product's own blue without it.",
    pattern: { regex: /^#[0-9a-fA-F]{6}$/, message: 'Enter a colour as #rrggbb, e.g. #0b5fff' },
  },
  {
    key: 'features.ai_assistant',
    type: 'boolean',
    title: 'AI assistant',
    effect: 'false turns the AI assistant and the AI generators off: the header button goes and the server refuses their calls.',
  },
  {
    key: 'features.self_registration',
    type: 'boolean',
    title: 'Self-registration',
    effect: 'false stops people creating accounts from the sign-in page (global), or into this organization (organization entry).',
  },
  { key: 'features.demo_traffic', type: 'boolean', title: 'Demo traffic', effect: 'false stops simulated applicants and refuses starting them.' },
  {
    key: 'intake.enabled',
    type: 'boolean',
    title: 'Public intake',
    effect: 'false makes the public intake API refuse new applications (503) while staff keep working.',
  },
  {
    key: 'intake.rate_limit_per_minute',
    type: 'number',
    title: 'Intake rate limit',
    effect: 'Calls per API key per minute on the public intake API (0: no limit), instead of INTAKE_RATE_LIMIT.',
  },
];

export function knownConfigKey(key: string): KnownConfigKey | undefined {
  return KNOWN_CONFIG_KEYS.find((k) => k.key === key);
}

export const RESOLVED_FROM = ['organization_environment', 'organization', 'global_environment', 'global'] as const;
export const RESOLVED_FROM_LABELS: Record<(typeof RESOLVED_FROM)[number], string> = {
  organization_environment: 'Organization, this environment',
  organization: 'Organization, every environment',
  global_environment: 'All organizations, this environment',
  global: 'All organizations, every environment',
};

/** Parses a typed value from what a form or a client sent; returns the value to store or a message. */
export function parseConfigValue(type: Exclude<ConfigValueType, 'file'>, raw: unknown): { ok: true; value: unknown } | { ok: false; message: string } {
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '' && type !== 'string'))
    return { ok: false, message: CONFIG_MESSAGES.valueRequired };
  switch (type) {
    case 'string':
    case 'secret': {
      if (typeof raw !== 'string') return { ok: false, message: CONFIG_MESSAGES.valueRequired };
      if (type === 'secret' && raw === '') return { ok: false, message: CONFIG_MESSAGES.valueRequired };
      if (raw.length > CONFIG_STRING_MAX) return { ok: false, message: CONFIG_MESSAGES.stringTooLong };
      return { ok: true, value: raw };
    }
    case 'number': {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw.trim()) : Number.NaN;
      if (!Number.isFinite(n)) return { ok: false, message: CONFIG_MESSAGES.notANumber };
      return { ok: true, value: n };
    }
    case 'boolean': {
      if (typeof raw === 'boolean') return { ok: true, value: raw };
      if (raw === 'true' || raw === 'false') return { ok: true, value: raw === 'true' };
      return { ok: false, message: CONFIG_MESSAGES.notABoolean };
    }
    case 'json': {
      let value = raw;
      if (typeof raw === 'string') {
        try {
          value = JSON.parse(raw);
        } catch (error) {
          return { ok: false, message: CONFIG_MESSAGES.invalidJson((error as Error).message) };
        }
      }
      if (new TextEncoder().encode(JSON.stringify(value)).length > CONFIG_JSON_MAX_BYTES) return { ok: false, message: CONFIG_MESSAGES.jsonTooLarge };
      return { ok: true, value };
    }
  }
}

/** A byte count for people: 10 MB, 512 KB, 900 bytes. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} bytes`;
}
