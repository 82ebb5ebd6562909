import { getOrganization } from '../../features/auth/api/get-organizations.ts';
import { authStore } from '../../features/auth/auth-store.ts';
import { setOrganizationIdSource } from '../../shared/api/api.ts';
import { organizationChoice } from '../../shared/organization/organization-choice.ts';
import { queryClient } from '../query-client.ts';
import { findOrganization, isNewerCopy } from './organization-updates.ts';

const superAdmin = () => {
  const user = authStore.get().user;
  return user?.role === 'super_admin' ? user : null;
};

/**
 * Connects the choice to the API client and the session: calls carry the chosen organization only for the super
 * admin who chose it; when the session's organizations load, the chosen one replaces the user's own as current.
 * A chosen organization that no longer exists is forgotten.
 */
export function wireCurrentOrganization(): void {
  followOrganizationUpdates();

  setOrganizationIdSource(() => {
    const user = superAdmin();
    return user ? organizationChoice.get(user.id) : null;
  });

  let lookingUp: string | null = null;
  authStore.subscribe(() => {
    const user = superAdmin();
    const { organizations, currentOrganization } = authStore.get();
    const chosen = user ? organizationChoice.get(user.id) : null;
    if (!user || !chosen || organizations.length === 0 || currentOrganization?.id === chosen) return;
    const listed = organizations.find((o) => o.id === chosen);
    if (listed) {
      authStore.set({ currentOrganization: listed });
      return;
    }
    if (lookingUp === chosen) return;
    lookingUp = chosen;
    void getOrganization(chosen).then((result) => {
      lookingUp = null;
      if (authStore.get().user?.id !== user.id) return;
      if (result.success) {
        authStore.set({ currentOrganization: result.data });
      } else if (result.status === 404 || result.status === 422) {
        organizationChoice.clear();
        void queryClient.resetQueries();
      }
    });
  });
}

/** Shows `data`'s copy of the current organization (sidebar, user menu, dashboard) when it is a newer one. */
function takeNewerCopy(data: unknown): void {
  const { currentOrganization, organizations } = authStore.get();
  if (!currentOrganization) return;
  const next = findOrganization(data, currentOrganization.id);
  if (!next || !isNewerCopy(currentOrganization, next)) return;
  authStore.set({
    currentOrganization: next,
    organizations: organizations.map((o) => (o.id === next.id ? next : o)),
  });
}

/**
 * The current organization is a copy taken at sign-in (or when switching); a rename on the Organizations page must
 * not leave the old name in the shell until a reload. Whatever organizations data the app receives — a saved
 * organization's answer, or any list refetched after it — updates that copy.
 */
function followOrganizationUpdates(): void {
  queryClient.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success') takeNewerCopy(event.mutation.state.data);
  });
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success') takeNewerCopy(event.query.state.data);
  });
}
