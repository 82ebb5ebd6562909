import { useAuthUser, useCurrentOrganization } from '../../features/auth/auth-store.ts';
import { WebhooksPage } from '../../features/webhooks/components/webhooks-page.tsx';
import { organizationChoice } from '../../shared/organization/organization-choice.ts';

/**
 * The app layer tells Webhooks whose subscriptions it shows (the feature never imports auth): the current
 * organization's, or, for a super administrator working across all organizations, every organization's.
 */
export function WebhooksRoute() {
  const user = useAuthUser();
  const organization = useCurrentOrganization();
  const chosen = organizationChoice.useChoice(user?.id);
  if (!user) return null;
  const allOrganizations = user.role === 'super_admin' && chosen === null;
  return <WebhooksPage organizationName={allOrganizations ? null : (organization?.name ?? user.organization_name ?? null)} />;
}
