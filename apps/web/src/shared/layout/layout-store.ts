import { createStore, useStore } from '../lib/create-store.ts';
import { localStore } from '../storage/local-storage.ts';
import { STORAGE_KEYS } from '../storage/storage-keys.ts';

/**
 * The shell's part of the app state (spec §3): the sidebar (open by default, persisted), the off-canvas drawer
 * that replaces it at 1024 px and below (starts closed, never persisted, so a phone does not open on a covered
 * page), and the profile dialog.
 */
export interface LayoutState {
  sidebarOpen: boolean;
  drawerOpen: boolean;
  profileOpen: boolean;
}

/** Spec §9: the sidebar is open unless the user closed it. */
export function parseSidebarOpen(value: string | null): boolean {
  return value !== 'false';
}

const layoutStore = createStore<LayoutState>({
  sidebarOpen: parseSidebarOpen(localStore.get(STORAGE_KEYS.sidebarOpen)),
  drawerOpen: false,
  profileOpen: false,
});

export function setSidebarOpen(sidebarOpen: boolean): void {
  localStore.set(STORAGE_KEYS.sidebarOpen, String(sidebarOpen));
  layoutStore.set({ sidebarOpen });
}

export const getSidebarOpen = () => layoutStore.get().sidebarOpen;
export const toggleSidebar = () => setSidebarOpen(!layoutStore.get().sidebarOpen);
export const setDrawerOpen = (drawerOpen: boolean) => layoutStore.set({ drawerOpen });
export const setProfileOpen = (profileOpen: boolean) => layoutStore.set({ profileOpen });

export const useSidebarOpen = () => useStore(layoutStore, (s) => s.sidebarOpen);
export const useDrawerOpen = () => useStore(layoutStore, (s) => s.drawerOpen);
export const useProfileOpen = () => useStore(layoutStore, (s) => s.profileOpen);
