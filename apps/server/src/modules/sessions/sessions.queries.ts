import type { Queryable } from '../../db/client.ts';
import { sessionLiveSql } from '../accounts/sessions.queries.ts';
import type { SessionLimits } from '../accounts/sessions.ts';

export interface SessionRow {
  id: string;
  user_id: string;
  ip: string | null;
  user_agent: string | null;
  created_at: Date;
  last_used_at: Date;
  expires_at: Date;
}

const COLUMNS = 's.id, s.user_id, s.ip, s.user_agent, s.created_at, s.last_used_at, s.expires_at';

/** The user's live sessions (sessions.ts's limits, the organization's idle limit included), the most recently used first. */
export async function listLiveSessions(db: Queryable, userId: string, limits: SessionLimits, max: number): Promise<SessionRow[]> {
  const res = await db.query<SessionRow>(
    `select ${COLUMNS}
       from auth_sessions s join users u on u.id = s.user_id join organizations o on o.id = u.organization_id
      where s.user_id = $1 and s.revoked_at is null and ${sessionLiveSql('$2', '$3')}
      order by s.last_used_at desc, s.created_at desc, s.id
      limit $4`,
    [userId, limits.idleMinutes, limits.maxHours, max],
  );
  return res.rows;
}

/** The user's session `sessionId` while it is live, locked for the change; null when it is not theirs or has ended. */
export async function lockLiveSession(tx: Queryable, userId: string, sessionId: string, limits: SessionLimits): Promise<SessionRow | null> {
  const res = await tx.query<SessionRow>(
    `select ${COLUMNS}
       from auth_sessions s join users u on u.id = s.user_id join organizations o on o.id = u.organization_id
      where s.id = $1 and s.user_id = $2 and s.revoked_at is null and ${sessionLiveSql('$3', '$4')}
      for update of s`,
    [sessionId, userId, limits.idleMinutes, limits.maxHours],
  );
  return res.rows[0] ?? null;
}
