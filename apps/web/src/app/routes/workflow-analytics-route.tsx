import { WorkflowAnalyticsPage } from '../../features/analytics/components/workflow-analytics-page.tsx';
import { useAnalyticsAbilities } from './analytics-abilities.ts';

/** Workflows → Workflow Analytics (/workflows/analytics, one workflow with ?workflow=). */
export function WorkflowAnalyticsRoute() {
  const abilities = useAnalyticsAbilities();
  if (!abilities) return null;
  return <WorkflowAnalyticsPage abilities={abilities} />;
}
