import { describe, expect, it } from 'vitest';
import { documentTitle, pageTitle } from './page-title.ts';

const SCREENS = new Set([
  '/login',
  '/dashboard',
  '/applications',
  '/applications/analytics',
  '/settings',
  '/settings/organizations',
  '/settings/webhooks',
  '/docs',
  '/docs/:slug',
]);

describe('page titles for the browser tab', () => {
  it('names each page by its menu item, else by its heading', () => {
    expect(pageTitle('/dashboard', SCREENS)).toBe('Dashboard');
    expect(pageTitle('/applications', SCREENS)).toBe('Real-time Monitor');
    expect(pageTitle('/applications/analytics', SCREENS)).toBe('Analytics');
    expect(pageTitle('/settings/organizations', SCREENS)).toBe('Organizations');
    expect(pageTitle('/settings/webhooks', SCREENS)).toBe('Webhooks');
    expect(pageTitle('/settings', SCREENS)).toBe('Settings');
    expect(pageTitle('/login', SCREENS)).toBe('Sign In');
    expect(pageTitle('/docs/workflows', SCREENS)).toBe('Documentation');
    expect(pageTitle('/dashboard/', SCREENS)).toBe('Dashboard');
  });

  it('puts the page before the product, and says when there is no such page', () => {
    expect(documentTitle('/applications', SCREENS, 'Admin Portal')).toBe('Real-time Monitor · Admin Portal');
    expect(documentTitle('/nowhere', SCREENS, 'Acme Desk')).toBe('Page not found · Acme Desk');
    expect(documentTitle('/', SCREENS, 'Acme Desk')).toBe('Acme Desk');
  });
});
