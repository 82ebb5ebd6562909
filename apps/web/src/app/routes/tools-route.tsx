import { useNavigate } from 'react-router';
import { GenerateButton } from '../../features/ai/components/generate-button.tsx';
import { ToolsPage } from '../../features/tools/components/tools-page.tsx';
import { useToolAbilities } from './tool-abilities.ts';

/**
 * The app layer hands the user's abilities to the Tool Registry, so the tools feature never imports the auth feature,
 * and adds the AI feature's "Generate with AI" (the draft opens on its definition, to review and test).
 */
export function ToolsRoute() {
  const abilities = useToolAbilities();
  const navigate = useNavigate();
  if (!abilities) return null;
  return (
    <ToolsPage
      abilities={abilities}
      generate={<GenerateButton kind="tool" onCreated={(id) => void navigate(`/tools?tool=${encodeURIComponent(id)}&tab=definition`)} />}
    />
  );
}
