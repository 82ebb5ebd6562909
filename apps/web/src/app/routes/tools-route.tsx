import { ToolsPage } from '../../features/tools/components/tools-page.tsx';
import { useToolAbilities } from './tool-abilities.ts';

/** The app layer hands the user's abilities to the Tool Registry, so the tools feature never imports the auth feature. */
export function ToolsRoute() {
  const abilities = useToolAbilities();
  if (!abilities) return null;
  return <ToolsPage abilities={abilities} />;
}
