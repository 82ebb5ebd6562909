import { describe, expect, it } from 'vitest';
import { failedAttemptsWait } from './messages.ts';

describe('failedAttemptsWait', () => {
  it('says how long in seconds under a minute, in whole minutes (rounded up) from there', () => {
    expect(failedAttemptsWait(1)).toBe('Too many failed attempts. Try again in 1 second.');
    expect(failedAttemptsWait(32)).toBe('Too many failed attempts. Try again in 32 seconds.');
    expect(failedAttemptsWait(60)).toBe('Too many failed attempts. Try again in 1 minute.');
    expect(failedAttemptsWait(61)).toBe('Too many failed attempts. Try again in 2 minutes.');
    expect(failedAttemptsWait(900)).toBe('Too many failed attempts. Try again in 15 minutes.');
  });
});
