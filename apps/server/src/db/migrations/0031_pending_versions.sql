-- Drafts beside the live version (issue 36, ADR 0062). An active workflow's draft is saved as a version that is not
-- live: workflows.version (the live one, the graph in steps and step_connections) does not move until it is
-- published. `based_on` is the live version a draft was saved beside; publishing needs it still live.
alter table workflow_versions
  add column state text not null default 'published' check (state in ('published', 'pending', 'discarded')),
  add column based_on integer;
