import { useId, type MouseEvent } from 'react';
import { NavLink } from 'react-router';
import { NAV_FIX_TEXTS, type NavItem } from '@admin-portal/contract/navigation';
import { Icon } from '../../shared/ui/icons.tsx';

interface MenuContext {
  /** Ids of the open collapses (one branch, outermost first). */
  open: readonly string[];
  onToggle: (id: string, ancestors: readonly string[]) => void;
  /** Called when a real link is followed (closes the drawer on small screens). */
  onNavigate: () => void;
}

interface NavMenuProps extends MenuContext {
  items: readonly NavItem[];
}

/** A misconfigured entry shows the spec's fix text instead of a link. */
function FixText({ text }: { text: string }) {
  return <div className="nav-fix text-danger small px-3 py-1">{text}</div>;
}

function ItemBadge({ badge }: { badge: NavItem['badge'] }) {
  if (!badge) return null;
  return <span className={`badge rounded-pill text-bg-${badge.variant} ms-auto`}>{badge.title}</span>;
}

const doNothing = (event: MouseEvent) => event.preventDefault();

function NavLinkItem({ item, depth, ctx }: { item: NavItem; depth: number; ctx: MenuContext }) {
  const content = (
    <>
      <Icon name={item.icon ?? 'dot'} className={item.icon ? 'nav-icon' : 'nav-icon nav-icon-dot'} />
      <span className="nav-title">{item.title}</span>
      <ItemBadge badge={item.badge} />
    </>
  );
  return (
    <li className="nav-entry">
      {item.url ? (
        <NavLink
          to={item.url}
          end
          className={({ isActive }) => `nav-link depth-${depth}${isActive ? ' active' : ''}`}
          title={item.description}
          onClick={ctx.onNavigate}
        >
          {content}
        </NavLink>
      ) : (
        // Spec §2: a link with no url does nothing.
        <a className={`nav-link depth-${depth} nav-link-inert`} aria-disabled="true" onClick={doNothing}>
          {content}
        </a>
      )}
    </li>
  );
}

function NavCollapse({ item, depth, ancestors, ctx }: { item: NavItem; depth: number; ancestors: readonly string[]; ctx: MenuContext }) {
  const listId = useId();
  const isOpen = ctx.open.includes(item.id);
  const branch = [...ancestors, item.id];
  return (
    <li className={`nav-entry nav-collapse${isOpen ? ' open' : ''}`}>
      <button
        type="button"
        className={`nav-link nav-collapse-toggle depth-${depth}`}
        aria-expanded={isOpen}
        aria-controls={listId}
        onClick={() => ctx.onToggle(item.id, ancestors)}
      >
        <Icon name={item.icon ?? 'dot'} className="nav-icon" />
        <span className="nav-title">{item.title}</span>
        <ItemBadge badge={item.badge} />
        <Icon name="chevron-down" className="nav-chevron" />
      </button>
      {isOpen && (
        <ul className="nav-sublist list-unstyled" id={listId}>
          {(item.children ?? []).map((child) => {
            if (child.type === 'collapse') return <NavCollapse key={child.id} item={child} depth={depth + 1} ancestors={branch} ctx={ctx} />;
            if (child.type === 'item') return <NavLinkItem key={child.id} item={child} depth={depth + 1} ctx={ctx} />;
            return (
              <li key={child.id}>
                <FixText text={NAV_FIX_TEXTS.item} />
              </li>
            );
          })}
        </ul>
      )}
    </li>
  );
}

function NavGroup({ item, ctx }: { item: NavItem; ctx: MenuContext }) {
  const titleId = useId();
  return (
    <section className="nav-group" aria-labelledby={titleId}>
      <h2 className="nav-group-title" id={titleId}>
        {item.title}
      </h2>
      <ul className="nav-list list-unstyled">
        {(item.children ?? []).map((child) => {
          if (child.type === 'collapse') return <NavCollapse key={child.id} item={child} depth={0} ancestors={[]} ctx={ctx} />;
          if (child.type === 'item') return <NavLinkItem key={child.id} item={child} depth={0} ctx={ctx} />;
          return (
            <li key={child.id}>
              <FixText text={NAV_FIX_TEXTS.collapse} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The menu of spec §2: groups at the top level, collapses and items inside them. */
export function NavMenu({ items, ...ctx }: NavMenuProps) {
  return (
    <>
      {items.map((item) => (item.type === 'group' ? <NavGroup key={item.id} item={item} ctx={ctx} /> : <FixText key={item.id} text={NAV_FIX_TEXTS.group} />))}
    </>
  );
}
