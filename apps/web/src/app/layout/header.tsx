import { setDrawerOpen, toggleSidebar } from '../../shared/layout/layout-store.ts';
import { Icon } from '../../shared/ui/icons.tsx';
import { OrganizationSwitcher } from '../organization/organization-switcher.tsx';
import { AiAssistantToggle } from './ai-assistant.tsx';
import { HeaderClock } from './header-clock.tsx';
import { HeaderSearch } from './header-search.tsx';
import { ThemeToggle } from './theme-toggle.tsx';
import { UserMenu } from './user-menu.tsx';

interface HeaderProps {
  sidebarId: string;
  mobile: boolean;
  sidebarShown: boolean;
}

/** Spec §2 header: sidebar toggle, search, the AI assistant toggle, clock, theme, the organization (super admin) and the user menu. */
export function Header({ sidebarId, mobile, sidebarShown }: HeaderProps) {
  return (
    <header className="app-header">
      <button
        type="button"
        className="btn btn-icon"
        aria-label={sidebarShown ? 'Hide navigation' : 'Show navigation'}
        aria-controls={sidebarId}
        aria-expanded={sidebarShown}
        onClick={() => (mobile ? setDrawerOpen(!sidebarShown) : toggleSidebar())}
      >
        <Icon name="list" />
      </button>
      <HeaderSearch />
      <div className="header-tools">
        <AiAssistantToggle />
        <OrganizationSwitcher />
        <HeaderClock />
        <ThemeToggle />
        <UserMenu />
      </div>
    </header>
  );
}
