/**
 * Every key the web app keeps in browser storage, defined once (spec §9).
 * Tokens, theme, sidebar state, the preferences taken from the account and the chosen organization use product-specific names so they never collide with another app on the same origin;
 * `openMenus`, `ai_recent_actions` and `ai_interaction_analytics` are the names the spec gives.
 */
export const STORAGE_KEYS = {
  accessToken: 'admin_portal.access_token',
  refreshToken: 'admin_portal.refresh_token',
  theme: 'admin_portal.theme',
  sidebarOpen: 'admin_portal.sidebar_open',
  /** The theme and sidebar state this browser last took from the signed-in user's saved preferences. */
  accountPreferences: 'admin_portal.account_preferences',
  /** A super administrator's chosen current organization (sent as X-Organization-Id). */
  organization: 'admin_portal.organization',
  openMenus: 'openMenus',
  aiRecentActions: 'ai_recent_actions',
  aiInteractionAnalytics: 'ai_interaction_analytics',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];
