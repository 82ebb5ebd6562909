import { ToolAnalyticsPage } from '../../features/tools/components/tool-analytics-page.tsx';
import { useToolAbilities } from './tool-abilities.ts';

/** Tool Analytics (/tools/analytics). */
export function ToolAnalyticsRoute() {
  const abilities = useToolAbilities();
  if (!abilities) return null;
  return <ToolAnalyticsPage abilities={abilities} />;
}
