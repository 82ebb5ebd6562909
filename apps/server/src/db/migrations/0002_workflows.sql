-- Workflows, steps, versions and templates (issue 4).

-- Document order of steps and connections, so a graph reads back in the order it was saved.
alter table steps add column ordinal integer not null default 0;
alter table step_connections add column ordinal integer not null default 0;
drop index steps_workflow_idx;
create index steps_workflow_idx on steps (workflow_id, ordinal);
drop index step_connections_workflow_idx;
create index step_connections_workflow_idx on step_connections (workflow_id, ordinal);
-- Deleting a step cascades to its connections through these.
create index step_connections_source_idx on step_connections (source_step_id);
create index step_connections_target_idx on step_connections (target_step_id);

-- What made each version: created, graph saved, step added, restored from version N, ...
alter table workflow_versions add column note text not null default '';

create index workflows_org_status_idx on workflows (organization_id, status);

-- Shipped (global) templates are upserted at start-up by a stable key.
alter table workflow_templates add column key text;
create unique index workflow_templates_key_idx on workflow_templates (key) where organization_id is null;

-- Analytics: applications waiting at a step, events per step.
create index applications_open_step_idx on applications (workflow_id, current_step_id) where completed_at is null;
create index application_events_step_idx on application_events (step_id) where step_id is not null;
