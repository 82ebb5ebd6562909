import { WorkflowsPage } from '../../features/workflows/components/workflows-page.tsx';
import { useWorkflowAbilities } from './workflow-abilities.ts';

/** The app layer hands the user's abilities to All Workflows, so the workflows feature never imports the auth feature. */
export function WorkflowsRoute() {
  const abilities = useWorkflowAbilities();
  if (!abilities) return null;
  return <WorkflowsPage abilities={abilities} />;
}
