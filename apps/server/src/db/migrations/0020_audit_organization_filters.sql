-- The audit log's action and target type filters within one organization (an administrator's list, or a super
-- administrator's chosen organization; issue 18). Their indexes start with the action or the target type and carry the
-- organization, so the count up to 1,000 read every organization's rows of a rare action to keep one's (20,000 index
-- entries for 1,001 at a million rows: 2.6 ms, 2.36× ten thousand's p95). Led by the organization, both the count and
-- the page read only the rows they keep (0.3 and 0.05 ms).
create index audit_logs_org_action_idx on audit_logs (organization_id, action, created_at desc, id desc);
create index audit_logs_org_target_type_idx on audit_logs (organization_id, target_type, created_at desc, id desc);
