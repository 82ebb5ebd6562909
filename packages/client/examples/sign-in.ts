// Sign in, read who you are, refresh the tokens, sign out.
//   PORTAL_URL=https://portal.example.com PORTAL_EMAIL=you@example.com PORTAL_PASSWORD=… node sign-in.ts
import { createAdminPortalClient } from '@admin-portal/client';

const portal = createAdminPortalClient({ baseUrl: process.env.PORTAL_URL! });
await portal.signIn(process.env.PORTAL_EMAIL!, process.env.PORTAL_PASSWORD!);

const { data: me, error } = await portal.GET('/api/auth/me');
if (error) throw new Error(error.detail);
console.log(`signed in as ${me.email} (${me.role})`);

// The client refreshes by itself before the access token expires; this does it now.
const session = await portal.refresh();
console.log(`refreshed: the access token is good until ${new Date(session.expiresAt).toISOString()}`);

await portal.signOut();
console.log('signed out');
