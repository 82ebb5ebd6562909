import { describe, expect, it } from 'vitest';
import { LIMITS } from '@admin-portal/contract/messages';
import { formatCountdown, IDLE_LIMITS, idlePhase, idleRemainingMs, remainingFraction } from './idle-timing.ts';

const MIN = 60_000;

describe('idle timing (spec §4, §9)', () => {
  it('uses the spec limits: 30 minutes idle, warning at 5 minutes left', () => {
    expect(IDLE_LIMITS).toEqual({ timeoutMs: 30 * MIN, warningMs: 5 * MIN });
    expect(LIMITS.idleCheckIntervalMs).toBe(MIN);
    expect(LIMITS.sessionCheckIntervalMs).toBe(300_000);
  });

  it('counts the time left from the last activity, never below zero', () => {
    expect(idleRemainingMs(1_000, 1_000)).toBe(30 * MIN);
    expect(idleRemainingMs(25 * MIN, 0)).toBe(5 * MIN);
    expect(idleRemainingMs(31 * MIN, 0)).toBe(0);
    // A clock that went backwards counts as no idle time at all.
    expect(idleRemainingMs(0, 10_000)).toBe(30 * MIN);
  });

  it('warns when 5 minutes or less remain and expires at zero', () => {
    expect(idlePhase(30 * MIN)).toBe('active');
    expect(idlePhase(5 * MIN + 1)).toBe('active');
    expect(idlePhase(5 * MIN)).toBe('warning');
    expect(idlePhase(1)).toBe('warning');
    expect(idlePhase(0)).toBe('expired');
    expect(idlePhase(-5)).toBe('expired');
  });

  it('formats the countdown as m:ss, rounding partial seconds up', () => {
    expect(formatCountdown(5 * MIN)).toBe('5:00');
    expect(formatCountdown(5 * MIN - 1)).toBe('5:00');
    expect(formatCountdown(4 * MIN + 59_000)).toBe('4:59');
    expect(formatCountdown(65_000)).toBe('1:05');
    expect(formatCountdown(9_000)).toBe('0:09');
    expect(formatCountdown(1)).toBe('0:01');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-1_000)).toBe('0:00');
  });

  it('gives the warning bar the share of the warning window still left', () => {
    expect(remainingFraction(5 * MIN)).toBe(1);
    expect(remainingFraction(150_000)).toBe(0.5);
    expect(remainingFraction(0)).toBe(0);
    expect(remainingFraction(10 * MIN)).toBe(1);
    expect(remainingFraction(-1)).toBe(0);
  });
});
