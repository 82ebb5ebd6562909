import { WorkflowBuilderPage } from '../../features/workflows/builder/workflow-builder-page.tsx';
import { useWorkflowAbilities } from './workflow-abilities.ts';

/** The app layer hands the user's abilities to the Visual Builder. */
export function WorkflowBuilderRoute() {
  const abilities = useWorkflowAbilities();
  if (!abilities) return null;
  return <WorkflowBuilderPage abilities={abilities} />;
}
