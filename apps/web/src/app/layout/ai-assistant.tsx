import { lazy, Suspense, useCallback, useEffect } from 'react';
import { useLocation } from 'react-router';
import { pageKeyOfPath } from '@admin-portal/contract/ai/pages';
import { useAuthUser, useCurrentOrganization } from '../../features/auth/auth-store.ts';
import { AiToggle } from '../../features/ai/components/ai-toggle.tsx';
import { buildAiContext } from '../../features/ai/lib/ai-context.ts';
import { aiActivity, aiChat } from '../../features/ai/lib/ai-instance.ts';
import { useStore } from '../../shared/lib/create-store.ts';
import { organizationChoice } from '../../shared/organization/organization-choice.ts';
import { useBranding } from '../../shared/branding/use-branding.ts';

/** The panel (and the markdown renderer it uses) loads on the first open. */
const AiPanel = lazy(async () => ({ default: (await import('../../features/ai/components/ai-panel.tsx')).AiPanel }));

/** How often the interaction analytics queue is checked for entries over 30 s old (spec §9). */
const FLUSH_CHECK_MS = 5_000;

/** The assistant's context from what the shell knows: the path, the user's role and the current organization. */
function useContextBuilder() {
  const { pathname } = useLocation();
  const user = useAuthUser();
  const organization = useCurrentOrganization();
  // A super administrator without a chosen organization works in all of them (the server answers for all).
  const chosen = organizationChoice.useChoice(user?.id);
  const organizationName = user?.role === 'super_admin' && !chosen ? 'All organizations' : (organization?.name ?? null);
  return useCallback(
    () => buildAiContext({ path: pathname, userRole: user?.role ?? null, organizationName, sessionId: aiActivity.sessionId }),
    [pathname, user?.role, organizationName],
  );
}

/** The header's toggle (spec §2). */
export function AiAssistantToggle() {
  const build = useContextBuilder();
  // Switched off in System Configuration (features.ai_assistant): no button; the server refuses the calls too.
  if (!useBranding(true).ai_assistant) return null;
  return <AiToggle buildContext={build} />;
}

/** The panel, with the session's recent actions kept as the user moves through the portal. */
export function AiAssistantPanel() {
  const build = useContextBuilder();
  const { pathname } = useLocation();
  const open = useStore(aiChat.store, (s) => s.open);
  const hasContext = useStore(aiChat.store, (s) => s.context !== null);
  const enabled = useBranding(true).ai_assistant;

  useEffect(() => {
    aiActivity.recordAction('navigate', { path: pathname });
    if (hasContext) aiChat.setContext(build());
  }, [pathname, build, hasContext]);

  useEffect(() => {
    const timer = setInterval(() => aiActivity.tick(), FLUSH_CHECK_MS);
    const flush = () => aiActivity.flush();
    window.addEventListener('pagehide', flush);
    return () => {
      clearInterval(timer);
      window.removeEventListener('pagehide', flush);
    };
  }, []);

  if (!open || !enabled) return null;
  return (
    <Suspense fallback={null}>
      <AiPanel buildContext={build} pageKey={pageKeyOfPath(pathname)} />
    </Suspense>
  );
}
