import { createStore, useStore } from '../lib/create-store.ts';
import { localStore } from '../storage/local-storage.ts';
import { STORAGE_KEYS } from '../storage/storage-keys.ts';

export type Theme = 'light' | 'dark';

/** Spec §9: theme defaults to light and is persisted. */
export const DEFAULT_THEME: Theme = 'light';

export function parseTheme(value: string | null): Theme {
  return value === 'dark' || value === 'light' ? value : DEFAULT_THEME;
}

const themeStore = createStore({ theme: parseTheme(localStore.get(STORAGE_KEYS.theme)) });

/** Bootstrap 5.3 colour modes hang off `data-bs-theme` on <html>. */
export function applyTheme(theme: Theme = themeStore.get().theme): void {
  if (typeof document !== 'undefined') document.documentElement.setAttribute('data-bs-theme', theme);
}

export function setTheme(theme: Theme): void {
  localStore.set(STORAGE_KEYS.theme, theme);
  themeStore.set({ theme });
  applyTheme(theme);
}

export const getTheme = (): Theme => themeStore.get().theme;

export function toggleTheme(): void {
  setTheme(themeStore.get().theme === 'dark' ? 'light' : 'dark');
}

export function useTheme(): Theme {
  return useStore(themeStore, (s) => s.theme);
}

/**
 * Spec §9 modal and backdrop transitions (300 ms / 150 ms), handed to the stylesheet as CSS variables so the
 * durations are written once, in the contract.
 */
export function applyTransitionTimings(modalMs: number, backdropMs: number): void {
  if (typeof document === 'undefined') return;
  const style = document.documentElement.style;
  style.setProperty('--app-modal-transition', `${modalMs}ms`);
  style.setProperty('--app-backdrop-transition', `${backdropMs}ms`);
}
