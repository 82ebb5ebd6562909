import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, isAuditAction } from '@admin-portal/contract/system/audit-actions';

/*
 * Every action code the server can write has words in the contract (issue 32 item 10), or the audit log would show a
 * code. recordAudit takes an AuditAction, so the compiler checks its callers; this reads the source for what the
 * compiler cannot see: SQL that inserts rows itself, and codes built from a template.
 */

const SERVER_SRC = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(file);
    return file.endsWith('.ts') && !file.endsWith('.test.ts') ? [file] : [];
  });
}

const CODE = /['`]([a-z_]+(?:\.[a-z_]+)+)['`]/g;
const TEMPLATE = /`([a-z_]+(?:\.[a-z_]+)*\.)\$\{/g;

/** Codes written by the server: the values of `action:` properties, and literals in SQL inserting into audit_logs. */
function writtenCodes(): { codes: Map<string, string>; templates: Map<string, string> } {
  const codes = new Map<string, string>();
  const templates = new Map<string, string>();
  for (const file of sourceFiles(SERVER_SRC)) {
    const text = fs.readFileSync(file, 'utf8');
    const where = path.relative(SERVER_SRC, file);
    for (const [, value] of text.matchAll(/\baction:\s*([^\n]*)/g)) {
      for (const [, code] of value!.matchAll(CODE)) codes.set(code!, where);
      for (const [, prefix] of value!.matchAll(TEMPLATE)) templates.set(prefix!, where);
    }
    for (const [, values] of text.matchAll(/insert into audit_logs[^;]*?values\s*\(([^)]*)\)/gi)) {
      for (const [, code] of values!.matchAll(CODE)) codes.set(code!, where);
    }
  }
  return { codes, templates };
}

/** What each code template of the server expands to (each typed by the request schema it comes from). */
const TEMPLATE_EXPANSIONS: Record<string, readonly string[]> = {
  'tool.': ['approve', 'reject'], // decideApproval: approveToolSchema's action
  'application.review.': ['approved', 'rejected'], // decideReview: the decision's branch
};

describe('every action the server writes to the audit log has words', () => {
  const { codes, templates } = writtenCodes();

  it('finds the codes it writes (the scan still sees them)', () => {
    expect(codes.get('user.create')).toBe(path.join('modules', 'users', 'users.service.ts'));
    expect(codes.get('application.retention_purge')).toBe(path.join('modules', 'system', 'retention.queries.ts'));
    expect(codes.size).toBeGreaterThan(50);
  });

  it('each literal code', () => {
    const missing = [...codes].filter(([code]) => !isAuditAction(code)).map(([code, file]) => `${code} (${file})`);
    expect(missing).toEqual([]);
  });

  it('each code built from a template', () => {
    expect([...templates.keys()].sort()).toEqual(Object.keys(TEMPLATE_EXPANSIONS).sort());
    for (const [prefix, endings] of Object.entries(TEMPLATE_EXPANSIONS)) {
      for (const ending of endings) expect(AUDIT_ACTIONS, `${prefix}${ending}`).toHaveProperty([`${prefix}${ending}`]);
    }
  });
});
