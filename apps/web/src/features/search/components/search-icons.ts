/** The icon of each kind of search result, on the search page and in the palette. */
export const SEARCH_ICONS: Readonly<Record<string, string>> = {
  user: 'person-circle',
  organization: 'building',
  workflow: 'diagram-3',
  tool: 'tools',
  application: 'activity',
};
