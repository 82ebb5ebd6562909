import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { roleLabel } from '@admin-portal/contract/role-names';
import { signOut } from '../../features/auth/auth-actions.ts';
import { useAuthUser, useCurrentOrganization } from '../../features/auth/auth-store.ts';
import { LOGIN_PATH } from '../../features/auth/return-path.ts';
import { setProfileOpen } from '../../shared/layout/layout-store.ts';
import { displayName } from '../../shared/lib/display-name.ts';
import { Icon } from '../../shared/ui/icons.tsx';
import { initialsOf } from './initials.ts';

const TOGGLE_ID = 'user-menu-toggle';

/**
 * Open state and keyboard of a Bootstrap dropdown, as react-bootstrap's Dropdown has them, without its positioning
 * engine (Popper), which every page would download for this one menu: the menu hangs below the toggle, aligned to its
 * right edge (Bootstrap's static placement). A click on the toggle or Enter opens and closes it; ArrowDown and ArrowUp
 * move through its buttons; Escape closes it and gives the focus back to the toggle; a click elsewhere, or the focus
 * leaving it (Tab), closes it.
 */
function useMenu() {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);
  const items = () => [...(box.current?.querySelectorAll<HTMLButtonElement>('.dropdown-item:not(:disabled)') ?? [])];
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      document.getElementById(TOGGLE_ID)?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setOpen(true);
      // After the render that shows the menu.
      requestAnimationFrame(() => {
        const list = items();
        const at = list.indexOf(document.activeElement as HTMLButtonElement);
        const next = event.key === 'ArrowDown' ? Math.min(at + 1, list.length - 1) : Math.max(at - 1, 0);
        list[at === -1 ? 0 : next]?.focus();
      });
    }
  };
  const onBlur = (event: FocusEvent) => {
    if (open && !box.current?.contains(event.relatedTarget as Node | null) && event.relatedTarget !== null) setOpen(false);
  };
  return { open, setOpen, box, onKeyDown, onBlur };
}

/** Spec §2 user menu: name, email, role label, organization badge, 'My Profile' and 'Sign Out' (→ /login). */
export function UserMenu() {
  const user = useAuthUser();
  const organization = useCurrentOrganization();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const menu = useMenu();
  if (!user) return null;
  const name = displayName(user);
  const organizationName = organization?.name ?? user.organization_name;
  const shown = menu.open ? ' show' : '';

  async function onSignOut() {
    setSigningOut(true);
    await signOut();
    navigate(LOGIN_PATH, { replace: true });
  }

  function choose(action: () => void) {
    menu.setOpen(false);
    action();
  }

  return (
    <div className={`user-menu dropdown${shown}`} ref={menu.box} onKeyDown={menu.onKeyDown} onBlur={menu.onBlur}>
      <button
        type="button"
        id={TOGGLE_ID}
        aria-expanded={menu.open}
        className={`user-menu-toggle dropdown-toggle btn btn-link${shown}`}
        onClick={() => menu.setOpen(!menu.open)}
      >
        <span className="avatar avatar-sm" aria-hidden="true">
          {initialsOf(user)}
        </span>
        <span className="user-menu-name">{name}</span>
      </button>
      <div role="group" aria-labelledby={TOGGLE_ID} className={`user-menu-panel shadow dropdown-menu dropdown-menu-end${shown}`} data-bs-popper="static">
        <div className="user-menu-summary">
          <div className="fw-semibold text-truncate">{name}</div>
          <div className="small text-body-secondary text-truncate">{user.email}</div>
          <div className="small mt-1">{roleLabel(user.role)}</div>
          {organizationName && (
            <span className="badge rounded-pill text-bg-primary mt-2 text-truncate mw-100">
              <Icon name="building" className="me-1" />
              {organizationName}
            </span>
          )}
        </div>
        <hr className="dropdown-divider" role="separator" />
        <button type="button" className="dropdown-item" onClick={() => choose(() => setProfileOpen(true))}>
          <Icon name="person-circle" className="me-2" />
          My Profile
        </button>
        <button type="button" className="dropdown-item" onClick={() => choose(() => void onSignOut())} disabled={signingOut}>
          <Icon name="box-arrow-right" className="me-2" />
          Sign Out
        </button>
      </div>
    </div>
  );
}
