/**
 * The orders of lists whose other constants have no zod-free home, without zod: the web's list pages keep them in
 * their URL state before any schema loads. The query schemas (users.ts, organizations.ts, ai/api.ts) state them as
 * enums, so the OpenAPI document says which `sort` each list takes.
 */

export const USER_SORTS = [
  'email',
  '-email',
  'first_name',
  '-first_name',
  'last_name',
  '-last_name',
  'role',
  '-role',
  'created_at',
  '-created_at',
  'last_login_at',
  '-last_login_at',
] as const;

export const ORGANIZATION_SORTS = ['name', '-name', 'created_at', '-created_at'] as const;

export const INTERACTION_SORTS = ['created_at', '-created_at', 'latency_ms', '-latency_ms', 'feedback_score', '-feedback_score'] as const;
