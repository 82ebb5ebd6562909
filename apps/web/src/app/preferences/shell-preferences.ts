import type { Preferences } from '@admin-portal/contract/preferences';
import { parseSidebarOpen } from '../../shared/layout/layout-store.ts';
import { DEFAULT_THEME } from '../../shared/theme/theme.ts';

/** The saved preferences the shell itself shows: the theme and whether the sidebar is open. */
export type ShellPreferences = Pick<Preferences, 'theme' | 'sidebar_open'>;

/** What this browser last took from a user's saved preferences (kept in local storage). */
export interface TakenPreferences extends ShellPreferences {
  user_id: string;
}

const KEYS = ['theme', 'sidebar_open'] as const satisfies readonly (keyof ShellPreferences)[];

/** What a preference is until someone chooses (spec §9: light theme, sidebar open). */
export const SHELL_DEFAULTS: ShellPreferences = { theme: DEFAULT_THEME, sidebar_open: parseSidebarOpen(null) };

export function parseTaken(raw: string | null): TakenPreferences | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<TakenPreferences> | null;
    return typeof value?.user_id === 'string' && (value.theme === 'light' || value.theme === 'dark') && typeof value.sidebar_open === 'boolean'
      ? { user_id: value.user_id, theme: value.theme, sidebar_open: value.sidebar_open }
      : null;
  } catch {
    return null;
  }
}

export interface ShellPreferencesInput {
  /** The signed-in user's saved preferences, as the server answered. */
  account: ShellPreferences;
  userId: string;
  /** What this browser last took from an account, if anything. */
  taken: TakenPreferences | null;
  /** What this browser shows now. */
  local: ShellPreferences;
  /** What it showed when the session began, while the first answer is awaited (else null). */
  localAtSignIn: ShellPreferences | null;
}

/**
 * Which of the account's shell preferences this browser takes now. A saved preference follows the user to any
 * browser, yet the header's theme and sidebar toggles stay this browser's own choice (decision 0014); so a
 * preference is taken only when it is news: different from what this browser last took from this user (from the
 * defaults when it never took anything from them, so a browser's own choice stands until the user saves another).
 * A value the person changed while the answer was on its way is theirs, and is kept.
 */
export function shellPreferencesToApply({ account, userId, taken, local, localAtSignIn }: ShellPreferencesInput): Partial<ShellPreferences> {
  const baseline: ShellPreferences = taken?.user_id === userId ? taken : SHELL_DEFAULTS;
  const out: Partial<ShellPreferences> = {};
  for (const key of KEYS) {
    if (account[key] === baseline[key]) continue;
    if (localAtSignIn && local[key] !== localAtSignIn[key]) continue;
    if (local[key] === account[key]) continue;
    Object.assign(out, { [key]: account[key] });
  }
  return out;
}
