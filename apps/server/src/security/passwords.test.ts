import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { HashAbandoned, hashingNow, hashPassword, verifyPassword } from './passwords.ts';

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('Correct-Horse-42');
    expect(hash.startsWith('scrypt$16384$8$1$')).toBe(true);
    expect(await verifyPassword('Correct-Horse-42', hash)).toBe(true);
    expect(await verifyPassword('Correct-Horse-43', hash)).toBe(false);
  });

  it('runs at most one hash per core but one at once, queueing the rest, and every one completes', async () => {
    const limit = Math.max(1, os.availableParallelism() - 1);
    expect(hashingNow().limit).toBe(limit);
    let most = 0;
    let queuedSeen = 0;
    const watch = setInterval(() => {
      const now = hashingNow();
      most = Math.max(most, now.running);
      queuedSeen = Math.max(queuedSeen, now.queued);
    }, 1);
    const hashes = await Promise.all(Array.from({ length: limit + 4 }, (_, i) => hashPassword(`Password-${i}-long-enough`)));
    clearInterval(watch);
    expect(most).toBeLessThanOrEqual(limit);
    expect(queuedSeen).toBeGreaterThan(0);
    expect(hashingNow()).toEqual({ running: 0, queued: 0, limit });
    const checks = await Promise.all(hashes.map((h, i) => verifyPassword(`Password-${i}-long-enough`, h)));
    expect(checks.every(Boolean)).toBe(true);
  });

  it('skips a check whose caller went away while it waited for its turn, and goes on with the next', async () => {
    const hash = await hashPassword('Correct-Horse-42');
    let gone = false;
    const busy = Array.from({ length: hashingNow().limit }, () => verifyPassword('Correct-Horse-42', hash));
    const abandoned = verifyPassword('Correct-Horse-42', hash, () => !gone);
    const wanted = verifyPassword('Correct-Horse-42', hash, () => true);
    gone = true; // the first caller's connection closed while it waited
    await expect(abandoned).rejects.toBeInstanceOf(HashAbandoned);
    expect(await wanted).toBe(true);
    expect((await Promise.all(busy)).every(Boolean)).toBe(true);
    expect(hashingNow()).toMatchObject({ running: 0, queued: 0 });
  });
});
