// Every application waiting for a review, page after page.
//   PORTAL_URL=… PORTAL_EMAIL=… PORTAL_PASSWORD=… node paginate.ts
import { createAdminPortalClient, type Schemas } from '@admin-portal/client';

const portal = createAdminPortalClient({ baseUrl: process.env.PORTAL_URL! });
await portal.signIn(process.env.PORTAL_EMAIL!, process.env.PORTAL_PASSWORD!);

const waiting: Schemas['ApplicationSummary'][] = [];
const pages = portal.paginate((page) => portal.GET('/api/admin/applications', { params: { query: { ...page, status: 'waiting' } } }), 50);
for await (const application of pages) waiting.push(application);
console.log(`${waiting.length} applications are waiting`);

await portal.signOut();
