-- The AI assistant's interactions (issue 16): what was asked on which page, what was answered, by which provider and
-- how fast, and the asker's feedback (given once; the row holds it).
alter table ai_interactions
  add column page text not null default 'general_admin',
  add column suggestions jsonb not null default '[]'::jsonb,
  add column links jsonb not null default '[]'::jsonb,
  add column context_understood text not null default '',
  add column intent text,
  add column model text,
  add column latency_ms integer not null default 0,
  add column prompt_tokens integer,
  add column completion_tokens integer,
  add column is_error boolean not null default false,
  add column feedback_at timestamptz;
create index ai_interactions_user_idx on ai_interactions (user_id, created_at desc, id desc);

-- The generators' tasks (ai_tasks, 0001) run on the runtime's jobs: how far they are, and the draft made from them.
alter table ai_tasks
  add column progress integer not null default 0,
  add column stage text not null default '',
  add column provider text not null default '',
  add column created_id uuid;
create index ai_tasks_user_idx on ai_tasks (user_id, created_at desc);
