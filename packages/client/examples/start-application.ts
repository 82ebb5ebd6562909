// Start an application from your own system with an API key, safely retried with an Idempotency-Key.
//   PORTAL_URL=… PORTAL_API_KEY=apk_… PORTAL_WORKFLOW_ID=… node start-application.ts
import { randomUUID } from 'node:crypto';
import { createAdminPortalClient } from '@admin-portal/client';

const portal = createAdminPortalClient({ baseUrl: process.env.PORTAL_URL!, apiKey: process.env.PORTAL_API_KEY! });
// One key per application you mean to start: a retry with the same key and body answers the same application.
const idempotencyKey = randomUUID();
const body = {
  workflow_id: process.env.PORTAL_WORKFLOW_ID!,
  applicant: { name: 'Ada Lovelace', email: 'ada@example.com' },
  data: { country: 'DE' },
  external_ref: 'crm-10442',
};

const first = await portal.POST('/api/public/v1/applications', { params: { header: { 'idempotency-key': idempotencyKey } }, body });
if (first.error) throw new Error(first.error.detail);
console.log(`started ${first.data.id}: ${first.data.status} (HTTP ${first.response.status})`);

// The network failed before you saw the answer? Send it again with the same key: nothing is started twice.
const retry = await portal.POST('/api/public/v1/applications', { params: { header: { 'idempotency-key': idempotencyKey } }, body });
if (retry.error) throw new Error(retry.error.detail);
console.log(`retried: the same application ${retry.data.id} (HTTP ${retry.response.status})`);
