import { ApplicationsAnalyticsPage } from '../../features/analytics/components/applications-analytics-page.tsx';
import { useAnalyticsAbilities } from './analytics-abilities.ts';

/** Applications → Analytics (/applications/analytics). */
export function ApplicationAnalyticsRoute() {
  const abilities = useAnalyticsAbilities();
  if (!abilities) return null;
  return <ApplicationsAnalyticsPage abilities={abilities} />;
}
