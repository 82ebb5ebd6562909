import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useAuthUser, useCurrentOrganization } from '../../features/auth/auth-store.ts';
import { organizationChoice } from '../../shared/organization/organization-choice.ts';
import { switchableOrganizationsQuery, switchOrganization } from './switch-organization.ts';

const ALL = '';

/**
 * A super administrator's choice of the organization every page works in (sent as X-Organization-Id), or all of
 * them (nothing sent: the server shows a super admin every organization).
 */
export function OrganizationSwitcher() {
  const user = useAuthUser();
  const current = useCurrentOrganization();
  const chosen = organizationChoice.useChoice(user?.id);
  const id = useId();
  const isSuperAdmin = user?.role === 'super_admin';
  const { data: organizations } = useQuery({ ...switchableOrganizationsQuery, enabled: isSuperAdmin });
  if (!isSuperAdmin || !organizations) return null;
  // The chosen one may lie beyond the first page of the list: keep it selectable.
  const options = chosen && current?.id === chosen && !organizations.some((o) => o.id === chosen) ? [current, ...organizations] : organizations;

  return (
    <div className="organization-switcher">
      <label htmlFor={id} className="visually-hidden">
        Current organization
      </label>
      <select
        id={id}
        className="form-select form-select-sm"
        value={chosen ?? ALL}
        onChange={(e) => void switchOrganization(options.find((o) => o.id === e.target.value) ?? null)}
      >
        <option value={ALL}>All organizations</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.is_active ? o.name : `${o.name} (inactive)`}
          </option>
        ))}
      </select>
    </div>
  );
}
