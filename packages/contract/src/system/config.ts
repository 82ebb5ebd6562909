import { z } from 'zod';
import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX, uuidSchema } from '../common.ts';
import { queryInteger } from '../input-rules.ts';
import { environmentSchema } from '../tools/api.ts';
import { SERVER_MESSAGES } from '../messages.ts';
import {
  CONFIG_JSON_MAX_BYTES,
  CONFIG_MESSAGES,
  CONFIG_STRING_MAX,
  CONFIG_VALUE_TYPES,
  EDITABLE_VALUE_TYPES,
  KNOWN_CONFIG_KEYS,
  RESOLVED_FROM,
} from './config-values.ts';

// The value types, known keys, messages and pure helpers live in config-values.ts (zod-free, for the web app's page).
export {
  CONFIG_JSON_MAX_BYTES,
  CONFIG_MESSAGES,
  CONFIG_STRING_MAX,
  CONFIG_VALUE_TYPES,
  EDITABLE_VALUE_TYPES,
  ENVIRONMENTS,
  formatBytes,
  KNOWN_CONFIG_KEYS,
  knownConfigKey,
  LOGO_CONTENT_TYPES,
  parseConfigValue,
  RESOLVED_FROM,
  RESOLVED_FROM_LABELS,
  type ConfigValueType,
  type Environment,
  type KnownConfigKey,
} from './config-values.ts';

/**
 * System Configuration (spec §2 /settings/system-config, §3 fields, §7 "System config"): typed entries by key,
 * global or for one organization, for every environment or one. The entry that applies to an organization in an
 * environment is the enabled one that matches most closely: organization + environment, then organization, then
 * global + environment, then global.
 */

export { environmentSchema };

export const configValueTypeSchema = z.enum(CONFIG_VALUE_TYPES);
export const CONFIG_KEY_PATTERN = /^[a-z0-9][a-z0-9._-]*$/;
export const configKeySchema = z
  .string()
  .trim()
  .min(1, 'Key is required')
  .max(128, 'Key must be at most 128 characters')
  .regex(CONFIG_KEY_PATTERN, 'Key may use lowercase letters, digits, dots, dashes and underscores, starting with a letter or digit');

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

/** What `value` must be, by `value_type` and key (the server parses it with parseConfigValue), for the OpenAPI document. */
const VALUE_RULES = [
  `\`value\` is given, and is not empty text unless \`value_type\` is string (422 on \`value\`): "${CONFIG_MESSAGES.valueRequired}"`,
  `\`value_type=string\`: text of at most ${CONFIG_STRING_MAX} characters: "${CONFIG_MESSAGES.stringTooLong}"`,
  `\`value_type=number\`: a finite number, or text of one: "${CONFIG_MESSAGES.notANumber}"`,
  `\`value_type=boolean\`: true or false, or that text: "${CONFIG_MESSAGES.notABoolean}"`,
  `\`value_type=json\`: a JSON value, or text that parses as one: "${CONFIG_MESSAGES.invalidJson('<reason>')}"`,
  `\`value_type=json\`: at most ${CONFIG_JSON_MAX_BYTES / 1024} KB as JSON: "${CONFIG_MESSAGES.jsonTooLarge}"`,
  `A key the product reads keeps its type (${KNOWN_CONFIG_KEYS.map((k) => `${k.key}: ${k.type}`).join(', ')}): "${CONFIG_MESSAGES.typeMismatch('<key>', '<type>')}"`,
  ...KNOWN_CONFIG_KEYS.flatMap((k) => (k.pattern ? [`${k.key} matches ${k.pattern.regex.source}: "${k.pattern.message}"`] : [])),
];

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
  .strict()
  .meta({
    'x-rules': [...VALUE_RULES, `\`organization_id\` names an organization that exists (422 on it): "${SERVER_MESSAGES.organizationNotFound}"`],
  });
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
  .strict()
  .meta({
    'x-rules': [
      ...VALUE_RULES.map((rule, i) =>
        i === 0 ? rule.replace('`value` is given', '`value` is given with `value_type` (a secret left out keeps the stored one)') : rule,
      ),
      `A file entry's value is set by uploading a file (POST /api/admin/system-config/upload-binary): "${CONFIG_MESSAGES.useUpload}"`,
    ],
  });
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

export const configEffectiveSchema = z.object({
  key: z.string(),
  organization_id: uuidSchema.nullable(),
  environment: environmentSchema,
  resolved_from: z.enum(RESOLVED_FROM),
  entry: configEntrySchema,
});
export type ConfigEffective = z.infer<typeof configEffectiveSchema>;

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
