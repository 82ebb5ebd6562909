// Zod-free: the server draws these into the page's first frame (ADR 0070) and the pages show them, from this one table.
import { withoutTrailingSlash } from './navigation.ts';

export interface PageHeading {
  /** The page's <h1>. */
  heading: string;
  /** The line under it, where it is the same for everyone; absent where the page words it per view (the frame keeps its line free). */
  lead?: string;
}

/**
 * The heading of every staff page whose heading does not depend on data, by screen path. The server draws it, with
 * the shell's outline, into the HTML of a signed-in visitor's first load, so it shows before the app's scripts have
 * arrived; the page itself shows the same words once it is drawn.
 */
export const PAGE_HEADINGS = {
  '/dashboard': { heading: 'Dashboard' },
  '/applications': { heading: 'Real-time Monitor', lead: 'Monitor customer applications in real time.' },
  '/applications/analytics': {
    heading: 'Applications Analytics',
    lead: 'How applications fare over time, how long decisions take, where reviews and tools hold cases up, and what to change.',
  },
  '/workflows': { heading: 'All Workflows', lead: 'View and manage all organizational workflows.' },
  '/workflows/analytics': { heading: 'Workflow Analytics' },
  '/tools': { heading: 'Tool Registry', lead: 'Browse and manage available MCP tools: register, configure, test and approve them.' },
  '/tools/analytics': { heading: 'Tool Analytics', lead: 'Calls, errors and latency of your organization’s tools, and every recorded run.' },
  '/users': { heading: 'User Management', lead: 'Create, edit, and manage user accounts.' },
  '/audit-log': { heading: 'Audit Log', lead: 'Every change made in the portal: who made it, when, from where, and what changed.' },
  '/settings/system-config': {
    heading: 'System Configuration',
    lead: 'Settings the product reads, per organization and environment, without a deploy.',
  },
  '/settings/organizations': { heading: 'Organizations', lead: 'Manage organizations and their settings.' },
  '/settings/webhooks': { heading: 'Webhooks' },
  '/search': { heading: 'Search' },
  '/settings': {
    heading: 'Settings',
    lead: 'Your personal preferences. They are saved to your account, so they follow you to any browser.',
  },
  '/help': { heading: 'Help centre', lead: 'Answers to common questions, the user guide, and where to get help.' },
  '/docs': { heading: 'Documentation' },
} as const satisfies Readonly<Record<string, PageHeading>>;

export type HeadedPage = keyof typeof PAGE_HEADINGS;

/**
 * The Visual Builder's heading, before the workflow's name (`Visual Builder: <name>`). Not in the table: the builder is
 * a canvas, its heading is for screen readers only, and the first frame draws the spinner it opens with (ADR 0070).
 */
export const BUILDER_HEADING = 'Visual Builder';

/** The heading of the page at `pathname` (a trailing slash ignored), or null for a path not in the table. */
export function pageHeading(pathname: string): PageHeading | null {
  const path = withoutTrailingSlash(pathname);
  return Object.hasOwn(PAGE_HEADINGS, path) ? PAGE_HEADINGS[path as HeadedPage] : null;
}
