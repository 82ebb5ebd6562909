import { describe, expect, it } from 'vitest';
import { SESSION_TEXTS } from '@admin-portal/contract/sessions';
import { deviceLabel } from './device.ts';

describe('deviceLabel: what a person recognises a session by', () => {
  it.each([
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome 131 on Linux'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox 133 on Windows 10'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari 17 on iOS',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Microsoft Edge 131 on macOS',
    ],
    ['curl/8.5.0', 'curl'],
  ])('%s → %s', (userAgent, label) => expect(deviceLabel(userAgent)).toBe(label));

  it('says "Unknown device" when there is no user agent, and keeps the first word of one it cannot read', () => {
    expect(deviceLabel(null)).toBe(SESSION_TEXTS.unknownDevice);
    expect(deviceLabel('   ')).toBe(SESSION_TEXTS.unknownDevice);
    expect(deviceLabel('(((')).toBe(SESSION_TEXTS.unknownDevice);
    expect(deviceLabel('x'.repeat(500)).length).toBeLessThanOrEqual(60);
  });
});
