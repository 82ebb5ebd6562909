/**
 * The audit log's target types and its change documents in words, without zod: the audit log page shows them before
 * anything needs a schema. audit.ts re-exports them with the schemas.
 */
import { AUDIT_TARGETS, type AuditTargetType } from './audit-actions.ts';

/** Target types the product writes (the filter accepts any text; these are offered). */
export const AUDIT_TARGET_TYPES = Object.keys(AUDIT_TARGETS) as readonly AuditTargetType[];

const SUMMARY_VALUE_MAX = 60;
const SUMMARY_MAX = 300;

function short(value: unknown): string {
  const text = value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > SUMMARY_VALUE_MAX ? `${text.slice(0, SUMMARY_VALUE_MAX - 1)}…` : text;
}

const isFromTo = (v: unknown): v is { from: unknown; to: unknown } =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 2 && 'from' in v && 'to' in v;

/** One line for a change document: `field: before → after` for diffs, `field: value` for the rest. */
export function summarizeChanges(changes: Record<string, unknown>): string {
  const parts = Object.entries(changes).map(([key, value]) =>
    isFromTo(value) ? `${key}: ${short(value.from)} → ${short(value.to)}` : `${key}: ${short(value)}`,
  );
  const text = parts.join('; ');
  return text.length > SUMMARY_MAX ? `${text.slice(0, SUMMARY_MAX - 1)}…` : text;
}

/** The before/after rows of a change document, for a readable diff (fields without a before have `from` undefined). */
export function changeRows(changes: Record<string, unknown>): { field: string; from?: unknown; to: unknown; diff: boolean }[] {
  return Object.entries(changes).map(([field, value]) =>
    isFromTo(value) ? { field, from: value.from, to: value.to, diff: true } : { field, to: value, diff: false },
  );
}
