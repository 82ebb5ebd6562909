import { LIMITS } from '@admin-portal/contract/messages';
import { tokenStorage } from '../storage/token-storage.ts';
import { createApiClient } from './api-client.ts';
import { endpointCaller } from './endpoint-call.ts';

export const API_BASE_URL = '/api';

let sessionExpiredHandler: () => void = () => {};
let organizationIdSource: () => string | null = () => null;

/** The app layer decides what an ended session means for the screen (clear state, go to /login). */
export function setSessionExpiredHandler(handler: () => void): void {
  sessionExpiredHandler = handler;
}

/** The app layer says which organization calls act in (a super admin's choice); none by default. */
export function setOrganizationIdSource(source: () => string | null): void {
  organizationIdSource = source;
}

/** Web Locks make the refresh single-flight across tabs too, since all tabs share the tokens in localStorage. */
function withRefreshLock<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('admin_portal.token_refresh', run) : run();
}

export const api = createApiClient({
  baseUrl: API_BASE_URL,
  tokens: tokenStorage,
  timeoutMs: LIMITS.requestTimeoutMs,
  onSessionExpired: () => sessionExpiredHandler(),
  withRefreshLock,
  organizationId: () => organizationIdSource(),
});

/** Calls an endpoint of the catalogue by its route key, typed by the contract (see endpoint-call.ts). */
export const call = endpointCaller(api.request);
