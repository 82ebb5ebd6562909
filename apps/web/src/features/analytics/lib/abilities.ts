/**
 * What the signed-in user may reach from the analytics pages, decided by the app layer (the server checks the same
 * rules on every call; these only decide which links appear).
 */
export interface AnalyticsAbilities {
  /** Whether the user may open a portal path: the monitor, tool analytics, the builder (links show only then). */
  mayOpen: (path: string) => boolean;
  /** Administrators: the empty state tells them how to send demo traffic. */
  administer: boolean;
}
