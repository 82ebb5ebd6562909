/**
 * What the signed-in user may do with applications, decided by the app layer from their role and permissions (the
 * server checks the same rules on every call; these only decide which buttons appear).
 */
export interface ApplicationAbilities {
  /** The user's role: review tasks are decided by their assignee role, administrators and super administrators. */
  role: string;
  /** The user's id: a review they have is theirs to decide or release. */
  userId: string;
  /** manage_reviews: assign and reassign reviews, release anyone's, see each person's queue. */
  manageReviews: boolean;
  /** execute_workflows: retry a failed case, cancel an open one. */
  execute: boolean;
  /** Administrators: erase a case, switch demo traffic. */
  administer: boolean;
  /** view_audit_logs: may open a case's history in the Audit Log. */
  history?: boolean;
}

/** Roles that work reviews write notes on cases (the server's rule); viewers and analysts read them. */
export const mayWriteNotes = (role: string): boolean => ['super_admin', 'admin', 'manager', 'operator', 'compliance_officer'].includes(role);
/** Administrators redact notes. */
export const mayRedactNotes = (role: string): boolean => role === 'admin' || role === 'super_admin';
