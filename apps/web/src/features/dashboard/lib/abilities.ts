/**
 * What the signed-in user may reach from the dashboard, decided by the app layer (the server already leaves out what
 * the role may not see; these only decide which links and hints appear).
 */
export interface DashboardAbilities {
  /** Whether the user may open a portal path (the monitor, workflow and tool analytics, the registry…). */
  mayOpen: (path: string) => boolean;
  /** Administrators are told how applications arrive (the intake API, the monitor's demo traffic). */
  administer: boolean;
}
