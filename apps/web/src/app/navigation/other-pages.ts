// Its own module so the small sign-in download (sign-in.tsx) names its tab without carrying the menu.
import { PAGE_HEADINGS } from '@admin-portal/contract/page-headings';

/** Screens without a menu item, by the heading they show. */
export const OTHER_PAGES: Readonly<Record<string, string>> = {
  '/login': 'Sign In',
  '/register': 'Create an account',
  '/register/confirm': 'Confirm your e-mail address',
  '/unauthorized': 'Access denied',
  '/search': PAGE_HEADINGS['/search'].heading,
  '/settings': PAGE_HEADINGS['/settings'].heading,
  '/help': PAGE_HEADINGS['/help'].heading,
  '/docs': PAGE_HEADINGS['/docs'].heading,
  '/support': 'Support',
  '/privacy-policy': 'Privacy policy',
};
