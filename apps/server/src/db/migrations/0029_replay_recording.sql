-- What replaying a case needs (issue 36, ADR 0058), recorded by the runtime from now on: the application data a case
-- started with, and per step visit the fields it merged into the data and, for a tool step, the input it called its
-- tool with. Cases from before this migration have none; replay names them and does not guess their history.
alter table applications add column initial_data jsonb;
alter table application_steps add column merged jsonb;
alter table application_steps add column input jsonb;
