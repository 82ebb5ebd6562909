import type { StepTypeDescription } from '@admin-portal/contract/workflows/api';

/*
 * The palette's search: the step types a query finds, best first. A name equal to the query comes first, then names
 * that start with it, then names with a word that starts with it, then names containing it, then types found only by
 * their description or category ("end" lists End before Notification, whose description says "Sends"). Within a rank
 * the palette's own order holds.
 */

type Searchable = Pick<StepTypeDescription, 'type' | 'label' | 'description' | 'category'>;

const NOT_FOUND = -1;

/** How well a type matches a lower-cased, trimmed query: 0 is best, NOT_FOUND when it does not match. */
export function matchRank(type: Searchable, query: string): number {
  const label = type.label.toLowerCase();
  if (label === query || type.type.toLowerCase() === query) return 0;
  if (label.startsWith(query)) return 1;
  if (label.split(/[\s\-_/]+/).some((word) => word.startsWith(query))) return 2;
  if (label.includes(query)) return 3;
  if (`${type.description} ${type.category}`.toLowerCase().includes(query)) return 4;
  return NOT_FOUND;
}

export function searchStepTypes<T extends Searchable>(types: readonly T[], query: string): readonly T[] {
  const q = query.trim().toLowerCase();
  if (!q) return types;
  return types
    .map((type, index) => ({ type, index, rank: matchRank(type, q) }))
    .filter((m) => m.rank !== NOT_FOUND)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((m) => m.type);
}
