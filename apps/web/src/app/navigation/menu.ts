import { filterNavigation, type NavItem } from '@admin-portal/contract/navigation';
import { closestMenuEntry } from './route-rules.ts';

/**
 * Keeps only menu entries the app has a screen for (docs/decisions/0009): an item whose url has no screen is
 * dropped, and so is a group or collapse left with no children and no url of its own. Items without a url (which
 * do nothing when clicked) and entries of a type the renderer does not know are kept, so they show as configured.
 */
export function withBuiltScreens(items: readonly NavItem[], screens: ReadonlySet<string>): NavItem[] {
  const out: NavItem[] = [];
  for (const item of items) {
    const builtUrl = item.url !== undefined && screens.has(item.url);
    if (item.type === 'item') {
      if (item.url === undefined || builtUrl) out.push(item);
    } else if (item.type === 'group' || item.type === 'collapse') {
      const children = withBuiltScreens(item.children ?? [], screens);
      if (children.length > 0 || builtUrl) out.push({ ...item, children });
    } else {
      out.push(item);
    }
  }
  return out;
}

/** The menu a user sees: spec §6's permission and role filter, then only the screens that exist. */
export function menuFor(items: readonly NavItem[], user: { role: string; permissions: readonly string[] }, screens: ReadonlySet<string>): NavItem[] {
  return withBuiltScreens(filterNavigation(items, user.role, user.permissions), screens);
}

/** The collapse ids to open for a path (its covering item's collapse ancestors), outermost first. */
export function branchFor(items: readonly NavItem[], path: string): string[] {
  const entry = closestMenuEntry(items, path);
  return entry ? entry.parents.filter((p) => p.type === 'collapse').map((p) => p.id) : [];
}

/** The open collapses as stored under `openMenus`: a JSON list of ids; anything else reads as none open. */
export function parseOpenMenus(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Spec §2, one branch open at a time: opening a collapse keeps only its ancestors open; closing it also closes
 * whatever was open inside it. `open` is the open branch, outermost first.
 */
export function toggleMenu(open: readonly string[], id: string, ancestors: readonly string[]): string[] {
  const at = open.indexOf(id);
  return at >= 0 ? open.slice(0, at) : [...ancestors, id];
}
