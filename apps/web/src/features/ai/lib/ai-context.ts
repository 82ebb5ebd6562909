import type { AiContext } from '@admin-portal/contract/ai/api';
import { pageKeyOfPath } from '@admin-portal/contract/ai/pages';

export interface ContextSource {
  path: string;
  userRole: string | null;
  organizationName: string | null;
  sessionId: string;
  now?: Date;
}

/** Spec §3 AI context, built from the current path (spec §4: known pages, anything else general_admin). */
export function buildAiContext(source: ContextSource): AiContext {
  let timeZone: string | undefined;
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    timeZone = undefined;
  }
  return {
    page: pageKeyOfPath(source.path),
    path: source.path,
    ...(source.userRole ? { user_role: source.userRole } : {}),
    ...(source.organizationName ? { organization_name: source.organizationName } : {}),
    session_id: source.sessionId,
    timestamp: (source.now ?? new Date()).toISOString(),
    ...(timeZone ? { time_zone: timeZone } : {}),
  };
}
