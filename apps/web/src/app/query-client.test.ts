import { describe, expect, it } from 'vitest';
import { ApiError } from '../shared/api/api-result.ts';
import { queryClient, RETRY_DELAY_MS, retryRead } from './query-client.ts';

const failure = (status: number) => new ApiError({ success: false, status, data: null, message: 'x', validation_errors: [] });

describe('reads that fail', () => {
  it('are asked again once, after half a second, when the network or the server failed', () => {
    expect(retryRead(0, failure(500))).toBe(true);
    expect(retryRead(1, failure(500))).toBe(false);
    expect(retryRead(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(retryRead(1, new TypeError('Failed to fetch'))).toBe(false);
    expect(queryClient.getDefaultOptions().queries?.retryDelay).toBe(RETRY_DELAY_MS);
    expect(RETRY_DELAY_MS).toBeLessThanOrEqual(500);
  });

  it('are not asked again when the server refused them', () => {
    for (const status of [400, 403, 404, 422, 429]) expect(retryRead(0, failure(status)), String(status)).toBe(false);
  });
});
