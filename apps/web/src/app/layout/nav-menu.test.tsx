import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NAV_FIX_TEXTS, NAVIGATION, type NavItem } from '@admin-portal/contract/navigation';
import { NavMenu } from './nav-menu.tsx';

function render(items: readonly NavItem[], open: string[] = [], path = '/dashboard') {
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[path]}>
      <NavMenu items={items} open={open} onToggle={() => {}} onNavigate={() => {}} />
    </MemoryRouter>,
  );
}

const odd = (id: string) => ({ id, type: 'widget' as NavItem['type'], title: `Odd ${id}` });

describe('navigation menu rendering', () => {
  it('renders the group title, items as links and collapses as toggles', () => {
    const html = render(NAVIGATION, ['user-access'], '/users');
    expect(html).toContain('Administration');
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*href="\/users"|<a[^>]*href="\/users"[^>]*aria-current="page"/);
    expect(html).toMatch(/<button[^>]*aria-expanded="true"[^>]*>.*User &amp; Access/);
    expect(html).toMatch(/<button[^>]*aria-expanded="false"[^>]*>.*Workflows/);
    // Closed collapses do not render their children.
    expect(html).not.toContain('All Workflows');
    expect(html).toContain('User Management');
  });

  it('shows the spec’s fix text for an entry the renderer does not know, at each level', () => {
    const menu: NavItem[] = [
      odd('top'),
      {
        id: 'g',
        type: 'group',
        title: 'Group',
        children: [odd('in-group'), { id: 'c', type: 'collapse', title: 'Collapse', children: [odd('in-collapse')] }],
      },
    ];
    const html = render(menu, ['c']);
    expect(html).toContain(NAV_FIX_TEXTS.group);
    expect(html).toContain(NAV_FIX_TEXTS.collapse);
    expect(html).toContain(NAV_FIX_TEXTS.item);
    expect(html).not.toContain('Odd');
  });

  it('renders an item without a url as an inert link with no address', () => {
    const html = render([{ id: 'g', type: 'group', title: 'G', children: [{ id: 'x', type: 'item', title: 'Nowhere' }] }]);
    expect(html).toMatch(/<a class="nav-link depth-0 nav-link-inert" aria-disabled="true">/);
  });
});
