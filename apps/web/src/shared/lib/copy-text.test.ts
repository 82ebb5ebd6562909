import { describe, expect, it, vi } from 'vitest';
import { copyText } from './copy-text.ts';

describe('copyText', () => {
  it('writes to the clipboard when there is one', async () => {
    const writeText = vi.fn(async () => {});
    await expect(copyText('apk_secret', { writeText })).resolves.toBe('copied');
    expect(writeText).toHaveBeenCalledWith('apk_secret');
  });

  it('asks for a manual copy without a clipboard (an insecure context)', async () => {
    await expect(copyText('x', undefined)).resolves.toBe('manual');
  });

  it('asks for a manual copy when the browser refuses', async () => {
    await expect(copyText('x', { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) })).resolves.toBe('manual');
  });
});
