import { useEffect, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useIsMobile } from '../../shared/hooks/use-media-query.ts';
import { setDrawerOpen, useDrawerOpen, useSidebarOpen } from '../../shared/layout/layout-store.ts';
import { AiAssistantPanel } from './ai-assistant.tsx';
import { Breadcrumbs } from './breadcrumbs.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { ProfileDialogSlot } from './profile-dialog-slot.tsx';
import { Sidebar } from './sidebar.tsx';
import { SessionMonitor } from '../../features/auth/session/session-monitor.tsx';

const SIDEBAR_ID = 'app-sidebar';

function closeDrawerToToggle() {
  setDrawerOpen(false);
  document.querySelector<HTMLElement>(`[aria-controls="${SIDEBAR_ID}"]`)?.focus();
}

/**
 * The signed-in frame of spec §2. Wide windows show the sidebar beside the page (open by default, toggled and
 * remembered); at 1024 px and below it becomes a drawer over the page with an overlay that closes it. The page is the
 * route's child, or `children` for a screen outside the signed-in routes that a signed-in user sees framed
 * (/unauthorized).
 */
export function AppLayout({ children }: { children?: ReactNode }) {
  const mobile = useIsMobile();
  const sidebarOpen = useSidebarOpen();
  const drawerOpen = useDrawerOpen();
  const shown = mobile ? drawerOpen : sidebarOpen;

  useEffect(() => {
    if (!mobile) setDrawerOpen(false);
  }, [mobile]);

  // An opened drawer takes the focus, so the keyboard lands in it; Escape closes it and gives the focus back.
  useEffect(() => {
    if (!mobile || !drawerOpen) return;
    document.getElementById(SIDEBAR_ID)?.querySelector<HTMLElement>('a[href], button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeDrawerToToggle();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [mobile, drawerOpen]);

  return (
    <div className={`app-shell ${mobile ? 'is-mobile' : 'is-wide'} ${shown ? 'sidebar-shown' : 'sidebar-hidden'}`}>
      <a className="skip-link visually-hidden-focusable" href="#main-content">
        Skip to main content
      </a>
      <Sidebar id={SIDEBAR_ID} mobile={mobile} shown={shown} />
      {mobile && drawerOpen && <button type="button" className="sidebar-overlay" aria-label="Close navigation" tabIndex={-1} onClick={closeDrawerToToggle} />}
      <div className="app-main">
        <Header sidebarId={SIDEBAR_ID} mobile={mobile} sidebarShown={shown} />
        <main id="main-content" className="app-content" tabIndex={-1}>
          <Breadcrumbs />
          {children ?? <Outlet />}
        </main>
        <Footer />
        <SessionMonitor />
      </div>
      <AiAssistantPanel />
      <ProfileDialogSlot />
    </div>
  );
}
