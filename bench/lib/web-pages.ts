// The pages bench:web loads, and for each what "its heading" and "its data" are, as the page shows them to a super
// administrator on the demo data (SEED_DEMO). A page added to the app without an entry here fails the bench at start.
import { flattenNavigation, NAVIGATION } from '@admin-portal/contract/navigation';
import { APP_SCREEN_PATHS } from '../../apps/web/src/app/screen-paths.ts';

export interface WebPage {
  /** The screen's path in apps/web/src/app/router.tsx. */
  screen: string;
  /** What the bench opens (a query or a slug where the screen needs one to show anything). */
  url: string;
  /** The page's <h1> text (exact), or its start when `headingPrefix`. */
  heading: string;
  headingPrefix?: boolean;
  /**
   * The first element that shows data the page had to fetch (not a skeleton, a spinner or the empty frame): a CSS
   * selector, optionally with a pattern its text must match. Absent: the page has no data of its own (/login).
   */
  data?: { selector: string; text?: string; what: string };
  /** Signed out (/login); every other page is opened signed in as the super administrator. */
  public?: boolean;
}

/** A data row of the portal's DataTable named `label`: not a skeleton row (aria-hidden) nor the empty state (one cell spanning all). */
const tableRow = (label: string) => `table[aria-label="${label}"] > tbody > tr:not([aria-hidden]) > td:not([colspan])`;
const NUMBER = '\\d';

export const WEB_PAGES: WebPage[] = [
  { screen: '/login', url: '/login', heading: 'Admin Portal', public: true },
  {
    screen: '/dashboard',
    url: '/dashboard',
    heading: 'Dashboard',
    data: { selector: '[data-testid="dashboard-started-value"]', text: NUMBER, what: 'the "Applications started" figure' },
  },
  {
    screen: '/applications',
    url: '/applications',
    heading: 'Real-time Monitor',
    data: { selector: tableRow('Applications'), what: 'a row of the applications table' },
  },
  {
    screen: '/applications/analytics',
    url: '/applications/analytics',
    heading: 'Applications Analytics',
    data: { selector: '[data-testid="headline-started-value"]', text: NUMBER, what: 'the "Started" figure' },
  },
  { screen: '/workflows', url: '/workflows', heading: 'All Workflows', data: { selector: tableRow('Workflows'), what: 'a row of the workflows table' } },
  {
    screen: '/workflows/analytics',
    url: '/workflows/analytics',
    heading: 'Workflow Analytics',
    data: { selector: '[data-testid="workflows-started-value"]', text: NUMBER, what: 'the "Started" figure' },
  },
  {
    screen: '/workflows/builder',
    url: '/workflows/builder',
    heading: 'Visual Builder',
    headingPrefix: true,
    data: { selector: '.react-flow__node', what: 'a step on the canvas' },
  },
  { screen: '/tools', url: '/tools', heading: 'Tool Registry', data: { selector: tableRow('Tools'), what: 'a row of the tools table' } },
  {
    screen: '/tools/analytics',
    url: '/tools/analytics',
    heading: 'Tool Analytics',
    data: { selector: '[data-testid="summary-calls-value"]', text: NUMBER, what: 'the "Calls" figure' },
  },
  { screen: '/users', url: '/users', heading: 'User Management', data: { selector: tableRow('Users'), what: 'a row of the users table' } },
  { screen: '/audit-log', url: '/audit-log', heading: 'Audit Log', data: { selector: tableRow('Audit log'), what: 'a row of the audit log' } },
  {
    screen: '/settings/system-config',
    url: '/settings/system-config',
    heading: 'System Configuration',
    data: { selector: '[data-testid="config-total-value"]', text: NUMBER, what: 'the "Entries" figure (0 on the demo data, still from the server)' },
  },
  {
    screen: '/settings/organizations',
    url: '/settings/organizations',
    heading: 'Organizations',
    data: { selector: tableRow('Organizations'), what: 'a row of the organizations table' },
  },
  {
    screen: '/settings/webhooks',
    url: '/settings/webhooks',
    heading: 'Webhooks',
    data: { selector: '[data-testid="webhooks-count"]', text: NUMBER, what: 'the "x of 20 webhooks" count (0 on the demo data, still from the server)' },
  },
  { screen: '/search', url: '/search?q=acme', heading: 'Search', data: { selector: '.search-group .list-group-item', what: 'the first result for "acme"' } },
  {
    screen: '/settings',
    url: '/settings',
    heading: 'Settings',
    data: { selector: 'form[aria-label="Your preferences"]', what: 'the preferences form (shown once the saved preferences arrive)' },
  },
  {
    screen: '/help',
    url: '/help',
    heading: 'Help centre',
    data: { selector: 'section[aria-labelledby="help-guide"] li a', what: "a link of the guide's page list" },
  },
  { screen: '/docs', url: '/docs', heading: 'Documentation', data: { selector: 'ul[aria-label="Guide pages"] > li', what: "a card of the guide's pages" } },
  {
    screen: '/docs/:slug',
    url: '/docs/getting-started',
    heading: 'Getting started',
    data: { selector: '.markdown-body p', what: "the page's first paragraph" },
  },
  { screen: '/support', url: '/support', heading: 'Support', data: { selector: '.markdown-body li', what: "the page's first list item" } },
  { screen: '/privacy-policy', url: '/privacy-policy', heading: 'Privacy policy', data: { selector: '.markdown-body p', what: "the page's first paragraph" } },
];

/** Paths the app has that WEB_PAGES misses: every URL of the navigation menu, and every screen of the signed-in layout. */
export function pagesMissing(): string[] {
  const covered = new Set(WEB_PAGES.map((p) => p.screen));
  const menu = flattenNavigation(NAVIGATION).map(({ item }) => item.url!);
  return [...new Set<string>([...APP_SCREEN_PATHS, ...menu])].filter((p) => !covered.has(p));
}
