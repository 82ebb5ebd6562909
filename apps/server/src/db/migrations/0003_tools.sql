-- Tools, their executions and API keys (issue 5).

-- How many tries a run took (retries of http_request and webhook tools).
alter table tool_executions add column attempts integer not null default 1;
create index tool_executions_org_status_idx on tool_executions (organization_id, status, created_at desc);

-- Which configuration of each tool an API key's calls use.
alter table api_keys add column environment text not null default 'production'
  check (environment in ('development','staging','production'));

create index tools_org_status_idx on tools (organization_id, status);
