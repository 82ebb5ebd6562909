import type { Queryable } from '../../db/client.ts';
import { SHIPPED_TEMPLATES } from './shipped/index.ts';
import { deleteGlobalTemplatesExcept, upsertGlobalTemplate } from './workflow-templates.queries.ts';

/**
 * Brings the shipped (global) templates in the database in line with the code, by key: new ones are added,
 * changed ones refreshed, unchanged ones left alone, and one the product no longer ships is removed (workflows
 * made from it are copies and keep working). Run at start-up after the migrations.
 */
export async function upsertShippedTemplates(db: Queryable): Promise<void> {
  for (const t of SHIPPED_TEMPLATES) await upsertGlobalTemplate(db, t);
  await deleteGlobalTemplatesExcept(
    db,
    SHIPPED_TEMPLATES.map((t) => t.key),
  );
}
