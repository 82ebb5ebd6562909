import { z } from 'zod';
import { uuidSchema } from './common.ts';

export { SESSION_TEXTS } from './session-texts.ts';

/**
 * A signed-in session (issue 37 item 5): one sign-in on one device, live until it is signed out, ended by someone,
 * idle too long or past its length limit. What a person sees of it to recognise it: the device (read from the
 * browser's user agent), the address it signed in from, when it started and when it was last used.
 */
export const sessionSchema = z.object({
  id: uuidSchema,
  /** "Chrome 131 on Linux"; "Unknown device" when the browser said nothing recognisable. */
  device: z.string(),
  /** The user agent as the browser sent it (up to 500 characters), for whoever needs more than the device. */
  user_agent: z.string().nullable(),
  /** The address the session signed in from. */
  ip: z.string().nullable(),
  created_at: z.string(),
  /** When it was last used: written at most once a minute. */
  last_used_at: z.string(),
  /** The end of its length limit, set at sign-in. */
  expires_at: z.string(),
  /** The session of the request that asked (only in one's own list). */
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

/** Live sessions, the most recently used first (at most SESSIONS_LISTED). */
export const sessionListSchema = z.object({ items: z.array(sessionSchema) });
export type SessionList = z.infer<typeof sessionListSchema>;

/** How many live sessions a list shows: a person has a handful; anything past this is listed as the newest. */
export const SESSIONS_LISTED = 100;

export const sessionParamsSchema = z.object({ sessionId: uuidSchema });
export const userSessionParamsSchema = z.object({ id: uuidSchema, sessionId: uuidSchema });

export const sessionsRevokedSchema = z.object({ success: z.boolean(), revoked: z.number().int().min(0), message: z.string() });
export type SessionsRevoked = z.infer<typeof sessionsRevokedSchema>;
