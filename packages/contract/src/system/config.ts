import { z } from 'zod';
import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX, uuidSchema } from '../common.ts';
import { queryInteger } from '../input-rules.ts';
import { ENVIRONMENTS, environmentSchema, type Environment } from '../tools/api.ts';

/**
 * System Configuration (spec §2 /settings/system-config, §3 fields, §7 "System config"): typed entries by key,
 * global or for one organization, for every environment or one. The entry that applies to an organization in an
 * environment is the enabled one that matches most closely: organization + environment, then organization, then
 * global + environment, then global.
 */

export { ENVIRONMENTS, environmentSchema, type Environment };

export const CONFIG_VALUE_TYPES = ['string', 'number', 'boolean', 'json', 'secret', 'file'] as const;
export const configValueTypeSchema = z.enum(CONFIG_VALUE_TYPES);
export type ConfigValueType = z.infer<typeof configValueTypeSchema>;
/** Types set through create/update; a file comes only through upload-binary. */
export const EDITABLE_VALUE_TYPES = ['string', 'number', 'boolean', 'json', 'secret'] as const;

export const CONFIG_KEY_PATTERN = /^[a-z0-9][a-z0-9._-]*$/;
export const configKeySchema = z
  .string()
  .trim()
  .min(1, 'Key is required')
  .max(128, 'Key must be at most 128 characters')
  .regex(CONFIG_KEY_PATTERN, 'Key may use lowercase letters, digits, dots, dashes and underscores, starting with a letter or digit');

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
}

/** Raster images only: an SVG can carry script, so it is never accepted as a logo. */
export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** Keys the product reads (the page explains each). Other keys are kept for integrations and scripts. */
export const KNOWN_CONFIG_KEYS: readonly KnownConfigKey[] = [
  { key: 'branding.product_name', type: 'string', title: 'Product name', effect: 'Shown in the sidebar, the browser tab and on the sign-in page instead of the product setting.' },
  { key: 'branding.logo', type: 'file', title: 'Logo', effect: 'Image shown in the sidebar and on the sign-in page (PNG, JPEG, GIF or WebP).', accept: LOGO_CONTENT_TYPES },
  { key: 'features.ai_assistant', type: 'boolean', title: 'AI assistant', effect: 'false turns the AI assistant and the AI generators off: the header button goes and the server refuses their calls.' },
  { key: 'features.self_registration', type: 'boolean', title: 'Self-registration', effect: 'false stops people creating accounts from the sign-in page (global), or into this organization (organization entry).' },
  { key: 'features.demo_traffic', type: 'boolean', title: 'Demo traffic', effect: 'false stops simulated applicants and refuses starting them.' },
  { key: 'intake.enabled', type: 'boolean', title: 'Public intake', effect: 'false makes the public intake API refuse new applications (503) while staff keep working.' },
  { key: 'intake.rate_limit_per_minute', type: 'number', title: 'Intake rate limit', effect: 'Calls per API key per minute on the public intake API (0: no limit), instead of INTAKE_RATE_LIMIT.' },
];

export function knownConfigKey(key: string): KnownConfigKey | undefined {
  return KNOWN_CONFIG_KEYS.find((k) => k.key === key);
}

export const configFileSchema = z.object({
  file_name: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
  sha256: z.string(),
  download_url: z.string(),
});

export const configEntrySchema = z.object({
  id: uuidSchema,
  key: z.string(),
  description: z.string(),
  organization_id: uuidSchema.nullable(),
  organization_name: z.string().nullable(),
  /** null: every environment. */
  environment: environmentSchema.nullable(),
  value_type: configValueTypeSchema,
  /** The value; null for a secret (never returned) and a file (see `file`). */
  value: z.unknown(),
  /** For a secret: whether one is stored (shown masked). */
  has_secret: z.boolean(),
  file: configFileSchema.nullable(),
  is_enabled: z.boolean(),
  created_by: z.string().nullable(),
  updated_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ConfigEntry = z.infer<typeof configEntrySchema>;

const optionalUuidOrNull = uuidSchema.nullable().optional();

export const configCreateSchema = z
  .object({
    key: configKeySchema,
    description: z.string().trim().max(500, 'Description must be at most 500 characters').default(''),
    organization_id: optionalUuidOrNull,
    environment: environmentSchema.nullable().optional(),
    value_type: z.enum(EDITABLE_VALUE_TYPES),
    value: z.unknown(),
    is_enabled: z.boolean().default(true),
  })
  .strict();
export type ConfigCreate = z.infer<typeof configCreateSchema>;

export const configUpdateSchema = z
  .object({
    description: z.string().trim().max(500, 'Description must be at most 500 characters').optional(),
    value_type: z.enum(EDITABLE_VALUE_TYPES).optional(),
    /** For a secret, leave out to keep the stored one. */
    value: z.unknown().optional(),
    is_enabled: z.boolean().optional(),
    environment: environmentSchema.nullable().optional(),
  })
  .strict();
export type ConfigUpdate = z.infer<typeof configUpdateSchema>;

const boolText = z.enum(['true', 'false']).transform((v) => v === 'true');

export const configListQuerySchema = z.object({
  limit: queryInteger({ min: 1, max: LIST_LIMIT_MAX, default: LIST_LIMIT_DEFAULT }),
  offset: queryInteger({ min: 0, max: 100_000, default: 0 }),
  q: z.string().trim().max(200).optional(),
  /** An organization's id, or `global` for entries that apply to all. */
  organization_id: z.union([uuidSchema, z.literal('global')]).optional(),
  environment: z.union([environmentSchema, z.literal('all')]).optional(),
  enabled: boolText.optional(),
  kind: configValueTypeSchema.optional(),
  sort: z.enum(['key', '-key', 'updated_at', '-updated_at', 'environment', '-environment']).default('key'),
});
export type ConfigListQuery = z.infer<typeof configListQuerySchema>;

export const configListSchema = z.object({
  items: z.array(configEntrySchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});

export const configStatsSchema = z.object({
  total: z.number().int(),
  enabled: z.number().int(),
  disabled: z.number().int(),
  /** Keyed by environment; `all` counts entries for every environment. */
  by_environment: z.record(z.string(), z.number().int()),
  by_kind: z.record(z.string(), z.number().int()),
  by_organization: z.array(z.object({ organization_id: uuidSchema.nullable(), organization_name: z.string().nullable(), count: z.number().int() })),
  files: z.number().int(),
  file_bytes: z.number().int(),
  /** The upload size limit in force (system settings), in bytes. */
  upload_limit_bytes: z.number().int(),
  /** This server's environment. */
  server_environment: environmentSchema,
});
export type ConfigStats = z.infer<typeof configStatsSchema>;

export const configByKeyQuerySchema = z.object({
  environment: environmentSchema.optional(),
});

export const configByKeyParamsSchema = z.object({ key: configKeySchema });

export const RESOLVED_FROM = ['organization_environment', 'organization', 'global_environment', 'global'] as const;
export const configEffectiveSchema = z.object({
  key: z.string(),
  organization_id: uuidSchema.nullable(),
  environment: environmentSchema,
  resolved_from: z.enum(RESOLVED_FROM),
  entry: configEntrySchema,
});
export type ConfigEffective = z.infer<typeof configEffectiveSchema>;

export const RESOLVED_FROM_LABELS: Record<(typeof RESOLVED_FROM)[number], string> = {
  organization_environment: 'Organization, this environment',
  organization: 'Organization, every environment',
  global_environment: 'All organizations, this environment',
  global: 'All organizations, every environment',
};

/** Spec §3 upload form fields. */
export const UPLOAD_FIELDS = ['key', 'description', 'organization_id', 'environment', 'file'] as const;

export const configUploadFieldsSchema = z
  .object({
    key: configKeySchema,
    description: z.string().trim().max(500, 'Description must be at most 500 characters').default(''),
    organization_id: z.preprocess((v) => (v === '' ? undefined : v), uuidSchema.optional()),
    environment: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), environmentSchema.optional()),
  })
  .strict();

/** Parses a typed value from what a form or a client sent; returns the value to store or a message. */
export function parseConfigValue(type: Exclude<ConfigValueType, 'file'>, raw: unknown): { ok: true; value: unknown } | { ok: false; message: string } {
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '' && type !== 'string')) return { ok: false, message: CONFIG_MESSAGES.valueRequired };
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

