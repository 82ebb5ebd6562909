import { useNavigate } from 'react-router';
import { GenerateButton } from '../../features/ai/components/generate-button.tsx';
import { WorkflowBuilderPage } from '../../features/workflows/builder/workflow-builder-page.tsx';
import { builderPath } from '../../shared/analytics/portal-links.ts';
import { useWorkflowAbilities } from './workflow-abilities.ts';

/** The app layer hands the user's abilities to the Visual Builder, and the AI feature's "Generate with AI" for a new workflow. */
export function WorkflowBuilderRoute() {
  const abilities = useWorkflowAbilities();
  const navigate = useNavigate();
  if (!abilities) return null;
  return <WorkflowBuilderPage abilities={abilities} generate={<GenerateButton kind="workflow" onCreated={(id) => void navigate(builderPath(id))} />} />;
}
