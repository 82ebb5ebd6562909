// Follow the applications' live events; after a restart, resume after the last event you handled.
//   PORTAL_URL=… PORTAL_EMAIL=… PORTAL_PASSWORD=… [PORTAL_LAST_EVENT_ID=…] [PORTAL_EVENTS=10] node follow-stream.ts
import { createAdminPortalClient } from '@admin-portal/client';

const portal = createAdminPortalClient({ baseUrl: process.env.PORTAL_URL! });
await portal.signIn(process.env.PORTAL_EMAIL!, process.env.PORTAL_PASSWORD!);

const stop = new AbortController();
const wanted = Number(process.env.PORTAL_EVENTS ?? 10);
let seen = 0;
const lastEventId = process.env.PORTAL_LAST_EVENT_ID;
for await (const event of portal.followApplicationStream({ ...(lastEventId ? { lastEventId } : {}), signal: stop.signal })) {
  // Store event.id where you keep your progress: pass it back as lastEventId to miss nothing.
  console.log(`${event.id} ${event.event}`);
  if (++seen >= wanted) stop.abort();
}
await portal.signOut();
