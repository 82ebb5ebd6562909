import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import {
  CONFIG_MESSAGES,
  configUploadFieldsSchema,
  formatBytes,
  knownConfigKey,
  parseConfigValue,
  type ConfigCreate,
  type ConfigListQuery,
  type ConfigStats,
  type ConfigUpdate,
  type ConfigValueType,
  type Environment,
} from '@admin-portal/contract/system/config';
import { SERVER_MESSAGES } from '@admin-portal/contract/messages';
import type { ValidationError } from '@admin-portal/contract/common';
import type { Queryable } from '../../db/client.ts';
import type { AuthContext } from '../../http/context.ts';
import { conflict, fieldProblems, forbidden, HttpError, invalidField, notFound } from '../../http/errors.ts';
import { canSee } from '../../http/organization-scope.ts';
import { encryptText } from '../../security/encryption.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { auditTargetName } from '../audit/audit.targets.ts';
import { recordedContentType, sniffImageType, storeFileStream, type StoredFile } from './config-files.ts';
import { completeFile, deleteFile } from './config-files.queries.ts';
import {
  attachFileToConfigEntry,
  configStats,
  deleteConfigEntryRow,
  findConfig,
  findConfigAt,
  insertConfigEntry,
  insertFileConfigEntry,
  listConfigs,
  organizationExists,
  toggleConfigEntryRow,
  updateConfigEntryRow,
  type ConfigEntryChanges,
  type ConfigRow,
} from './config.queries.ts';
import { resolveConfigEntry } from './effective-config.ts';

/** The entries a caller sees: a super admin every one (or one organization's and the global ones, when acting in it); anyone else their own organization's and the global ones. */
export function visibleOrganization(auth: AuthContext): string | null {
  return auth.isSuperAdmin ? auth.organizationId : auth.homeOrganizationId;
}

function assertReadable(auth: AuthContext, row: ConfigRow | null): asserts row is ConfigRow {
  if (!row || (row.organization_id !== null && !canSee(auth, row.organization_id))) throw notFound('Configuration entry');
}

/** Global entries are a super admin's; an organization's entries its administrators' (and a super admin's). */
function assertWritable(auth: AuthContext, organizationId: string | null): void {
  if (organizationId === null) {
    if (!auth.isSuperAdmin) throw forbidden(CONFIG_MESSAGES.globalNeedsSuperAdmin);
  } else if (!canSee(auth, organizationId)) {
    throw forbidden(SERVER_MESSAGES.otherOrganization);
  }
}

/** Where a new entry goes: the organization named (null: global); unnamed, the caller's acting organization (a super admin acting in none: global). */
function targetOrganization(auth: AuthContext, named: string | null | undefined): string | null {
  if (named !== undefined) return named;
  return auth.isSuperAdmin ? auth.organizationId : auth.homeOrganizationId;
}

async function assertOrganizationExists(db: Queryable, id: string | null): Promise<void> {
  if (id === null) return;
  if (!(await organizationExists(db, id))) throw invalidField('organization_id', 'Organization not found');
}

/** A known key keeps its type (the product reads it as that type). */
function assertKnownType(key: string, type: ConfigValueType, field = 'value_type'): void {
  const known = knownConfigKey(key);
  if (known && known.type !== type) throw invalidField(field, CONFIG_MESSAGES.typeMismatch(key, known.type));
}

/** What to store for a typed value: the plain value, or the secret encrypted. */
function storedValue(app: FastifyInstance, key: string, type: Exclude<ConfigValueType, 'file'>, raw: unknown): { value: unknown; secret: string | null } {
  const parsed = parseConfigValue(type, raw);
  if (!parsed.ok) throw invalidField('value', parsed.message);
  const known = knownConfigKey(key);
  if (known?.pattern && typeof parsed.value === 'string' && !known.pattern.regex.test(parsed.value)) throw invalidField('value', known.pattern.message);
  if (type === 'secret') return { value: null, secret: encryptText(parsed.value as string, app.secrets.secretKey) };
  return { value: parsed.value, secret: null };
}

/** A change summary without secret values or file bytes. */
function summary(row: Pick<ConfigRow, 'key' | 'environment' | 'value_type' | 'value' | 'is_enabled' | 'description'>) {
  return {
    key: row.key,
    environment: row.environment ?? 'all',
    value_type: row.value_type,
    value: row.value_type === 'secret' ? '[hidden]' : row.value_type === 'file' ? '[file]' : row.value,
    is_enabled: row.is_enabled,
    description: row.description,
  };
}

function diff(before: Record<string, unknown>, after: Record<string, unknown>) {
  const changed = Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  return { before: Object.fromEntries(changed.map((k) => [k, before[k]])), after: Object.fromEntries(changed.map((k) => [k, after[k]])) };
}

/** Naming another organization than one's own finds nothing (its entries are not visible). */
export async function listConfigEntries(db: Queryable, auth: AuthContext, query: ConfigListQuery) {
  return listConfigs(db, visibleOrganization(auth), query);
}

export async function getConfigEntry(db: Queryable, auth: AuthContext, id: string): Promise<ConfigRow> {
  const row = await findConfig(db, id);
  assertReadable(auth, row);
  return row;
}

export async function createConfigEntry(app: FastifyInstance, request: FastifyRequest, auth: AuthContext, body: ConfigCreate): Promise<ConfigRow> {
  const organizationId = targetOrganization(auth, body.organization_id);
  assertWritable(auth, organizationId);
  assertKnownType(body.key, body.value_type);
  const { value, secret } = storedValue(app, body.key, body.value_type, body.value);
  const environment = body.environment ?? null;
  return app.changes.changing('config', async (tx) => {
    await assertOrganizationExists(tx, organizationId);
    if (await findConfigAt(tx, body.key, organizationId, environment))
      throw conflict(CONFIG_MESSAGES.duplicate, [{ field: 'key', message: CONFIG_MESSAGES.duplicate }]);
    const id = await insertConfigEntry(tx, {
      organization_id: organizationId,
      key: body.key,
      description: body.description,
      environment,
      value_type: body.value_type,
      value: value === null ? null : JSON.stringify(value),
      secret_value: secret,
      is_enabled: body.is_enabled,
      actor_id: auth.userId,
    });
    const row = (await findConfig(tx, id))!;
    await recordAudit(tx, request, {
      action: 'system_config.create',
      targetType: 'system_config',
      targetId: row.id,
      organizationId,
      changes: { after: summary(row) },
    });
    return row;
  });
}

export async function updateConfigEntry(app: FastifyInstance, request: FastifyRequest, auth: AuthContext, id: string, body: ConfigUpdate): Promise<ConfigRow> {
  return app.changes.changing('config', async (tx) => {
    const row = await findConfig(tx, id, true);
    assertReadable(auth, row);
    assertWritable(auth, row.organization_id);
    const changes: ConfigEntryChanges = { description: body.description, is_enabled: body.is_enabled };
    if (body.environment !== undefined && body.environment !== row.environment) {
      if (await findConfigAt(tx, row.key, row.organization_id, body.environment))
        throw conflict(CONFIG_MESSAGES.duplicate, [{ field: 'environment', message: CONFIG_MESSAGES.duplicate }]);
      changes.environment = body.environment;
    }
    if (body.value_type !== undefined || body.value !== undefined) {
      if (row.value_type === 'file') throw invalidField('value', CONFIG_MESSAGES.useUpload);
      const type = body.value_type ?? (row.value_type as Exclude<ConfigValueType, 'file'>);
      assertKnownType(row.key, type);
      // A secret left out keeps the stored one (the form never holds it).
      if (!(type === 'secret' && row.value_type === 'secret' && body.value === undefined)) {
        const { value, secret } = storedValue(app, row.key, type, body.value);
        changes.typed = { value_type: type, value: value === null ? null : JSON.stringify(value), secret_value: secret };
      }
    }
    await updateConfigEntryRow(tx, id, auth.userId, changes);
    const after = (await findConfig(tx, id))!;
    const difference = diff(summary(row), summary(after));
    if (row.value_type === 'secret' && after.value_type === 'secret' && body.value !== undefined) difference.after.value = '[changed]';
    await recordAudit(tx, request, {
      action: 'system_config.update',
      targetType: 'system_config',
      targetId: id,
      organizationId: row.organization_id,
      changes: { key: row.key, ...difference },
    });
    return after;
  });
}

export async function toggleConfigEntry(app: FastifyInstance, request: FastifyRequest, auth: AuthContext, id: string): Promise<ConfigRow> {
  return app.changes.changing('config', async (tx) => {
    const row = await findConfig(tx, id, true);
    assertReadable(auth, row);
    assertWritable(auth, row.organization_id);
    await toggleConfigEntryRow(tx, id, auth.userId);
    await recordAudit(tx, request, {
      action: row.is_enabled ? 'system_config.disable' : 'system_config.enable',
      targetType: 'system_config',
      targetId: id,
      organizationId: row.organization_id,
      changes: { key: row.key, before: { is_enabled: row.is_enabled }, after: { is_enabled: !row.is_enabled } },
    });
    return (await findConfig(tx, id))!;
  });
}

export async function deleteConfigEntry(app: FastifyInstance, request: FastifyRequest, auth: AuthContext, id: string): Promise<void> {
  await app.changes.changing('config', async (tx) => {
    const row = await findConfig(tx, id, true);
    assertReadable(auth, row);
    assertWritable(auth, row.organization_id);
    const targetName = await auditTargetName(tx, 'system_config', id);
    await deleteConfigEntryRow(tx, id);
    if (row.file_id) await deleteFile(tx, row.file_id);
    await recordAudit(tx, request, {
      action: 'system_config.delete',
      targetType: 'system_config',
      targetId: id,
      targetName,
      organizationId: row.organization_id,
      changes: { before: summary(row) },
    });
  });
}

export async function configEntryStats(app: FastifyInstance, auth: AuthContext): Promise<ConfigStats> {
  const rows = await configStats(app.db, visibleOrganization(auth));
  const stats: ConfigStats = {
    total: 0,
    enabled: 0,
    disabled: 0,
    by_environment: { all: 0, development: 0, staging: 0, production: 0 },
    by_kind: { string: 0, number: 0, boolean: 0, json: 0, secret: 0, file: 0 },
    by_organization: [],
    files: 0,
    file_bytes: 0,
    upload_limit_bytes: (await app.settings.get()).upload_limit_bytes,
    server_environment: app.config.environment,
  };
  const byOrg = new Map<string, { organization_id: string | null; organization_name: string | null; count: number }>();
  for (const r of rows) {
    stats.total += r.n;
    if (r.is_enabled) stats.enabled += r.n;
    else stats.disabled += r.n;
    const env = r.environment ?? 'all';
    stats.by_environment[env] = (stats.by_environment[env] ?? 0) + r.n;
    stats.by_kind[r.value_type] = (stats.by_kind[r.value_type] ?? 0) + r.n;
    const orgKey = r.organization_id ?? 'global';
    const org = byOrg.get(orgKey) ?? { organization_id: r.organization_id, organization_name: r.organization_name, count: 0 };
    org.count += r.n;
    byOrg.set(orgKey, org);
    stats.files += r.files;
    stats.file_bytes += Number(r.file_bytes);
  }
  stats.by_organization = [...byOrg.values()].sort((a, b) => b.count - a.count || (a.organization_name ?? '').localeCompare(b.organization_name ?? ''));
  return stats;
}

/** The entry that applies to the caller's organization in an environment (the server's own unless named). */
export async function effectiveConfigEntry(app: FastifyInstance, auth: AuthContext, key: string, environment: Environment | undefined) {
  const organizationId = auth.isSuperAdmin ? auth.organizationId : auth.homeOrganizationId;
  const env = environment ?? app.config.environment;
  const found = await resolveConfigEntry(app.db, key, organizationId, env);
  if (!found) throw new HttpError(404, CONFIG_MESSAGES.notFoundByKey(key));
  return { key, organization_id: organizationId, environment: env, resolved_from: found.resolvedFrom, row: found.row };
}

const MULTIPART_FIELDS = new Set(['key', 'description', 'organization_id', 'environment']);
/** Room in a multipart body for the text fields and part headers around the file (fields are at most 10 × 10 KB). */
const FORM_OVERHEAD_BYTES = 128 * 1024;

/**
 * `upload-binary`: the multipart form's fields (spec §3: key, description, organization_id, environment) and one
 * file, streamed into the database chunk by chunk under the upload limit of the system settings. A new key makes a
 * file entry (201); an existing file entry at the same key, organization and environment gets the new file (200).
 */
export async function uploadConfigFile(app: FastifyInstance, request: FastifyRequest, auth: AuthContext): Promise<{ row: ConfigRow; created: boolean }> {
  const limit = (await app.settings.get()).upload_limit_bytes;
  const tooLarge = CONFIG_MESSAGES.fileTooLarge(formatBytes(limit));
  // A body that says it is larger than the limit plus room for the form's fields is refused before a byte is stored.
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit + FORM_OVERHEAD_BYTES) throw new HttpError(413, tooLarge, [{ field: 'file', message: tooLarge }]);
  const fields: Record<string, string> = {};
  let stored: (StoredFile & { fileName: string; contentType: string }) | null = null;
  let truncated = false;
  const unknown: ValidationError[] = [];
  try {
    const parts = request.parts({ limits: { fileSize: limit, files: 1, fields: 10, fieldSize: 10_000, parts: 12 } });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          unknown.push({ field: part.fieldname, message: 'Unknown field' });
          await drain(part);
          continue;
        }
        const fileName = (part.filename || 'file').replace(/[\r\n"\\/]/g, '_').slice(0, 255);
        const contentType = recordedContentType(part.mimetype);
        const file = await storeFileStream(app.db, part.file, { fileName, contentType });
        stored = { ...file, fileName, contentType };
        truncated = part.file.truncated;
      } else if (MULTIPART_FIELDS.has(part.fieldname)) {
        fields[part.fieldname] = String(part.value ?? '');
      } else {
        unknown.push({ field: part.fieldname, message: 'Unknown field' });
      }
    }
  } catch (error) {
    if (stored) await deleteFile(app.db, stored.id).catch(() => undefined);
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, tooLarge, [{ field: 'file', message: tooLarge }]);
    if (code === 'FST_FILES_LIMIT') throw invalidField('file', 'Send one file at a time', 400);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new HttpError(400, 'Too many form fields');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new HttpError(415, 'Send the file as multipart/form-data');
    throw error;
  }
  try {
    if (truncated) throw new HttpError(413, tooLarge, [{ field: 'file', message: tooLarge }]);
    if (unknown.length > 0) throw fieldProblems(400, 'Malformed request', unknown);
    const parsed = configUploadFieldsSchema.safeParse(fields);
    if (!parsed.success) {
      throw fieldProblems(
        422,
        SERVER_MESSAGES.validationFailed,
        parsed.error.issues.map((i) => ({ field: i.path.join('.') || 'body', message: i.message })),
      );
    }
    if (!stored) throw invalidField('file', CONFIG_MESSAGES.fileRequired);
    const { key, description } = parsed.data;
    assertKnownType(key, 'file', 'key');
    const known = knownConfigKey(key);
    let contentType = stored.contentType;
    if (known?.accept) {
      const sniffed = sniffImageType(stored.head);
      if (!sniffed || !known.accept.includes(sniffed)) {
        const message = CONFIG_MESSAGES.refusedType(key, 'PNG, JPEG, GIF or WebP');
        throw new HttpError(415, message, [{ field: 'file', message }]);
      }
      contentType = sniffed;
    }
    const organizationId = targetOrganization(auth, parsed.data.organization_id);
    assertWritable(auth, organizationId);
    const environment = parsed.data.environment ?? null;
    const file = stored;
    return await app.changes.changing('config', async (tx) => {
      await assertOrganizationExists(tx, organizationId);
      const existing = await findConfigAt(tx, key, organizationId, environment);
      await completeFile(tx, file.id, contentType);
      const fileSummary = { file_name: file.fileName, size_bytes: file.size, sha256: file.sha256, content_type: contentType };
      if (existing) {
        if (existing.value_type !== 'file') throw conflict(CONFIG_MESSAGES.duplicate, [{ field: 'key', message: CONFIG_MESSAGES.duplicate }]);
        await attachFileToConfigEntry(tx, existing.id, file.id, description, auth.userId);
        if (existing.file_id) await deleteFile(tx, existing.file_id);
        await recordAudit(tx, request, {
          action: 'system_config.upload',
          targetType: 'system_config',
          targetId: existing.id,
          organizationId,
          changes: {
            key,
            before: { file_name: existing.file_name, size_bytes: Number(existing.size_bytes ?? 0), sha256: existing.sha256 },
            after: fileSummary,
          },
        });
        return { row: (await findConfig(tx, existing.id))!, created: false };
      }
      const id = await insertFileConfigEntry(tx, {
        organization_id: organizationId,
        key,
        description,
        environment,
        file_id: file.id,
        actor_id: auth.userId,
      });
      await recordAudit(tx, request, {
        action: 'system_config.upload',
        targetType: 'system_config',
        targetId: id,
        organizationId,
        changes: { key, environment: environment ?? 'all', after: fileSummary },
      });
      return { row: (await findConfig(tx, id))!, created: true };
    });
  } catch (error) {
    if (stored) await deleteFile(app.db, stored.id).catch(() => undefined);
    throw error;
  }
}

async function drain(part: MultipartFile): Promise<void> {
  for await (const piece of part.file) void piece;
}
