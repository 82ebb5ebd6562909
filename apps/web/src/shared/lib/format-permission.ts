/**
 * Spec §2 (profile dialog): a permission name with underscores turned to spaces and capitalised.
 * Menu-style names (`workflow:read`) read as "Workflow: read".
 */
export function formatPermission(name: string): string {
  const spaced = name.replace(/_/g, ' ').replace(/:/g, ': ').trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}
