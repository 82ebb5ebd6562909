-- A configuration's secrets are bound to the call they were approved for (issue 31 item 2, ADR 0037): the tool's type
-- and its config with the configuration's overrides, recorded when the tool is approved, when an approver edits it,
-- or when every secret is entered anew. A run whose configuration calls anything else never reads its secrets.
alter table tool_configurations add column approved_call jsonb;

-- Configurations that exist before this migration are bound to what they call now: their state at the upgrade is
-- the baseline, and every later change is checked against it.
update tool_configurations c
   set approved_call = jsonb_build_object('tool_type', t.tool_type, 'config', t.config || c.config)
  from tools t
 where t.id = c.tool_id;
