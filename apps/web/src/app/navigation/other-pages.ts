// Its own module so the small sign-in download (sign-in.tsx) names its tab without carrying the menu.

/** Screens without a menu item, by the heading they show. */
export const OTHER_PAGES: Readonly<Record<string, string>> = {
  '/login': 'Sign In',
  '/register': 'Create an account',
  '/register/confirm': 'Confirm your e-mail address',
  '/unauthorized': 'Access denied',
  '/search': 'Search',
  '/settings': 'Settings',
  '/help': 'Help centre',
  '/docs': 'Documentation',
  '/support': 'Support',
  '/privacy-policy': 'Privacy policy',
};
