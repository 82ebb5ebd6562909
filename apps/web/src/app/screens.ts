import type { ComponentType } from 'react';
import type { AppScreenPath, PublicScreenPath } from './screen-paths.ts';

export type LazyScreen = () => Promise<{ Component: ComponentType }>;

/*
 * The screens the app has (spec §2), one line each, every one its own chunk so /login downloads only what it shows.
 * These two tables are the only list of screens: the menu and the shell's links show only urls found here
 * (docs/decisions/0009), and any other path gets the not-found page. Their paths are listed in screen-paths.ts, which
 * the shell and the routes read (this file imports every screen: reading it from them would make a circle); the
 * compiler holds the two files together. router.tsx builds the router from these tables; the build reads this file's
 * source for each screen's files (build/route-preloads.ts).
 */

/** Screens reachable without signing in (/unauthorized shows itself inside the signed-in layout to a signed-in user). */
export const PUBLIC_SCREENS: Readonly<Record<PublicScreenPath, LazyScreen>> = {
  '/login': async () => ({ Component: (await import('../features/auth/components/login-page.tsx')).LoginPage }),
  '/register': async () => ({ Component: (await import('../features/auth/components/register-page.tsx')).RegisterPage }),
  '/register/confirm': async () => ({ Component: (await import('../features/auth/components/confirm-registration-page.tsx')).ConfirmRegistrationPage }),
  '/unauthorized': async () => ({ Component: (await import('./routes/unauthorized-page.tsx')).UnauthorizedPage }),
};

/**
 * Screens inside the signed-in layout (sidebar, header, footer). Each is guarded by the rules of its menu item and
 * of the item's ancestors in NAVIGATION (see navigation/route-rules.ts); a path with no menu item needs only a session.
 */
export const APP_SCREENS: Readonly<Record<AppScreenPath, LazyScreen>> = {
  '/dashboard': async () => {
    void import('./routes/dashboard-prefetch.ts').then((m) => m.prefetchDashboard());
    return { Component: (await import('./routes/dashboard-route.tsx')).DashboardRoute };
  },
  '/users': async () => {
    void import('./routes/users-prefetch.ts').then((m) => m.prefetchUsers());
    return { Component: (await import('./routes/users-route.tsx')).UsersRoute };
  },
  '/workflows': async () => {
    void import('./routes/workflows-prefetch.ts').then((m) => m.prefetchWorkflows());
    return { Component: (await import('./routes/workflows-route.tsx')).WorkflowsRoute };
  },
  '/workflows/builder': async () => {
    (await import('./routes/workflow-builder-prefetch.ts')).prefetchBuilderData();
    return { Component: (await import('./routes/workflow-builder-route.tsx')).WorkflowBuilderRoute };
  },
  '/workflows/analytics': async () => {
    void import('./routes/analytics-prefetch.ts').then((m) => m.prefetchWorkflowsAnalytics());
    return { Component: (await import('./routes/workflow-analytics-route.tsx')).WorkflowAnalyticsRoute };
  },
  '/applications': async () => ({ Component: (await import('./routes/applications-route.tsx')).ApplicationsRoute }),
  '/applications/analytics': async () => {
    void import('./routes/analytics-prefetch.ts').then((m) => m.prefetchApplicationsAnalytics());
    return { Component: (await import('./routes/application-analytics-route.tsx')).ApplicationAnalyticsRoute };
  },
  '/tools': async () => {
    void import('./routes/tools-prefetch.ts').then((m) => m.prefetchTools());
    return { Component: (await import('./routes/tools-route.tsx')).ToolsRoute };
  },
  '/tools/analytics': async () => {
    void import('./routes/tools-prefetch.ts').then((m) => m.prefetchToolAnalytics());
    return { Component: (await import('./routes/tool-analytics-route.tsx')).ToolAnalyticsRoute };
  },
  '/audit-log': async () => ({ Component: (await import('../features/audit/components/audit-log-page.tsx')).AuditLogPage }),
  '/settings/system-config': async () => ({ Component: (await import('./routes/system-config-route.tsx')).SystemConfigRoute }),
  '/settings/organizations': async () => ({ Component: (await import('../features/organizations/components/organizations-page.tsx')).OrganizationsPage }),
  '/settings/webhooks': async () => ({ Component: (await import('./routes/webhooks-route.tsx')).WebhooksRoute }),
  '/search': async () => ({ Component: (await import('../features/search/components/search-page.tsx')).SearchPage }),
  '/settings': async () => ({ Component: (await import('../features/settings/components/settings-page.tsx')).SettingsPage }),
  '/help': async () => ({ Component: (await import('../features/help/components/help-page.tsx')).HelpPage }),
  '/docs': async () => ({ Component: (await import('../features/help/components/docs-index-page.tsx')).DocsIndexPage }),
  '/docs/:slug': async () => ({ Component: (await import('../features/help/components/doc-page.tsx')).DocPage }),
  '/support': async () => ({ Component: (await import('../features/help/components/markdown-page.tsx')).SupportPage }),
  '/privacy-policy': async () => ({ Component: (await import('../features/help/components/markdown-page.tsx')).PrivacyPolicyPage }),
};

/**
 * On a page load with a stored session, starts the screen's chunk at once rather than after the session check and the
 * layout have loaded: a download saved on the way to a deep link. The builder's, the dashboard's, the analytics pages'
 * and the workflows', tools' and users' lists' chunks also start their first data requests (routes/*-prefetch.ts), so they travel while the page is drawn.
 * React Router loads the same chunk again later from the module cache; the queries are shared.
 */
export function preloadScreen(pathname: string): void {
  if (Object.hasOwn(APP_SCREENS, pathname)) void APP_SCREENS[pathname as AppScreenPath]().catch(() => undefined);
}

/** The signed-in layout (sidebar, header, footer) every APP_SCREENS screen is drawn in. */
export const APP_LAYOUT: LazyScreen = async () => ({ Component: (await import('./layout/app-layout.tsx')).AppLayout });
