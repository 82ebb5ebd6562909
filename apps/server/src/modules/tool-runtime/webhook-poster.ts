/**
 * The engine's webhook poster (its `WebhookPoster` port): notification steps post through the same SSRF guard as
 * tools, limited to TOOL_ALLOWED_HOSTS.
 */
import type { WebhookPoster } from '../../engine/commands.ts';
import { createGuardedFetch } from './guarded-fetch.ts';
import { findSsrfRefusal } from './ssrf-guard.ts';

export function createWebhookPoster(options: { allowedHosts: readonly string[] }): WebhookPoster {
  return {
    async post(url, body, headers, timeoutMs) {
      const guarded = createGuardedFetch({ allowedHosts: options.allowedHosts });
      try {
        const response = await guarded.fetch(url, { method: 'POST', body, headers: { ...headers }, signal: AbortSignal.timeout(timeoutMs) });
        await response.body?.cancel().catch(() => undefined);
        return { kind: 'answered', status: response.status };
      } catch (error) {
        const refusal = findSsrfRefusal(error);
        if (refusal) return { kind: 'refused', error: refusal.message };
        return { kind: 'failed', error: (error as Error).message };
      } finally {
        await guarded.close();
      }
    },
  };
}
