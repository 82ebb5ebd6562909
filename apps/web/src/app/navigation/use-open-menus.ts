import { useCallback, useEffect, useState } from 'react';
import type { NavItem } from '@admin-portal/contract/navigation';
import { localStore } from '../../shared/storage/local-storage.ts';
import { STORAGE_KEYS } from '../../shared/storage/storage-keys.ts';
import { branchFor, parseOpenMenus, toggleMenu } from './menu.ts';

/**
 * Spec §2 collapse behaviour: the current route's collapse parent opens by itself, one branch is open at a time,
 * and the open menus are kept in localStorage under `openMenus` (so a reload on a page outside any collapse keeps
 * what the user had open).
 */
export function useOpenMenus(menu: readonly NavItem[], pathname: string) {
  const [open, setOpen] = useState<string[]>(() => {
    const branch = branchFor(menu, pathname);
    return branch.length > 0 ? branch : parseOpenMenus(localStore.get(STORAGE_KEYS.openMenus));
  });
  const [seenPath, setSeenPath] = useState(pathname);
  if (seenPath !== pathname) {
    setSeenPath(pathname);
    const branch = branchFor(menu, pathname);
    if (branch.length > 0 && branch.join('/') !== open.join('/')) setOpen(branch);
  }

  useEffect(() => {
    localStore.set(STORAGE_KEYS.openMenus, JSON.stringify(open));
  }, [open]);

  const toggle = useCallback((id: string, ancestors: readonly string[]) => setOpen((prev) => toggleMenu(prev, id, ancestors)), []);
  return { open, toggle };
}
