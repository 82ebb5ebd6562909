import { useNavigate } from 'react-router';
import { GenerateButton } from '../../features/ai/components/generate-button.tsx';
import { WorkflowsPage } from '../../features/workflows/components/workflows-page.tsx';
import { builderPath } from '../../shared/analytics/portal-links.ts';
import { useWorkflowAbilities } from './workflow-abilities.ts';

/**
 * The app layer hands the user's abilities to All Workflows, so the workflows feature never imports the auth feature,
 * and adds the AI feature's "Generate with AI" (the draft opens in the builder).
 */
export function WorkflowsRoute() {
  const abilities = useWorkflowAbilities();
  const navigate = useNavigate();
  if (!abilities) return null;
  return <WorkflowsPage abilities={abilities} generate={<GenerateButton kind="workflow" onCreated={(id) => void navigate(builderPath(id))} />} />;
}
