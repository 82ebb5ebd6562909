import { successSchema } from '../../common.ts';
import { sessionListSchema, sessionParamsSchema, sessionsRevokedSchema } from '../../sessions.ts';
import { SIGNED_IN } from '../access.ts';
import { defineEndpoints } from '../endpoint.ts';

/**
 * Your own sessions, from the profile (issue 37 item 5): every signed-in user sees and ends their own. A user's
 * sessions, for whoever may manage the user, are the Users endpoints (/api/admin/users/:id/sessions).
 */
const tags = ['Auth'] as const;

export const SESSION_ENDPOINTS = defineEndpoints({
  listOwnSessions: {
    method: 'GET',
    path: '/api/auth/sessions',
    tags,
    summary: 'Your live sessions (device, address, started, last used)',
    description: 'The most recently used first; yours is marked current.',
    access: SIGNED_IN,
    responses: { 200: sessionListSchema },
  },
  revokeOwnSession: {
    method: 'DELETE',
    path: '/api/auth/sessions/:sessionId',
    tags,
    summary: 'Sign out one of your sessions (your current one too)',
    description: '404 for a session that is not yours or has ended.',
    access: SIGNED_IN,
    params: sessionParamsSchema,
    responses: { 200: successSchema },
  },
  revokeOtherSessions: {
    method: 'POST',
    path: '/api/auth/sessions/revoke-others',
    tags,
    summary: 'Sign out every session of yours but the one making this call',
    access: SIGNED_IN,
    responses: { 200: sessionsRevokedSchema },
  },
});
