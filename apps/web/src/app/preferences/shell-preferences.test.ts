import { describe, expect, it } from 'vitest';
import { parseTaken, SHELL_DEFAULTS, shellPreferencesToApply, type ShellPreferencesInput } from './shell-preferences.ts';

const light = { theme: 'light', sidebar_open: true } as const;
const dark = { theme: 'dark', sidebar_open: false } as const;

const input = (over: Partial<ShellPreferencesInput>): ShellPreferencesInput => ({
  account: light,
  userId: 'u1',
  taken: null,
  local: light,
  localAtSignIn: null,
  ...over,
});

describe('taking the saved theme and sidebar state into this browser', () => {
  it('starts from the spec defaults: light theme, sidebar open', () => {
    expect(SHELL_DEFAULTS).toEqual(light);
  });

  it('gives a fresh browser what the user saved elsewhere', () => {
    expect(shellPreferencesToApply(input({ account: dark }))).toEqual({ theme: 'dark', sidebar_open: false });
    expect(shellPreferencesToApply(input({ account: { theme: 'dark', sidebar_open: true } }))).toEqual({ theme: 'dark' });
  });

  it('keeps a browser’s own choice while the account still has the defaults', () => {
    expect(shellPreferencesToApply(input({ account: light, local: dark }))).toEqual({});
  });

  it('keeps the header toggles’ choice when the account has not changed since this browser last took it', () => {
    const taken = { user_id: 'u1', ...dark };
    expect(shellPreferencesToApply(input({ account: dark, taken, local: light }))).toEqual({});
  });

  it('takes a change made on another browser since', () => {
    const taken = { user_id: 'u1', ...dark };
    expect(shellPreferencesToApply(input({ account: light, taken, local: dark }))).toEqual({ theme: 'light', sidebar_open: true });
    expect(shellPreferencesToApply(input({ account: { theme: 'dark', sidebar_open: true }, taken, local: dark }))).toEqual({ sidebar_open: true });
  });

  it('judges another user by their own saved preferences, not by what the last one left', () => {
    const taken = { user_id: 'u0', ...dark };
    expect(shellPreferencesToApply(input({ account: dark, taken, local: light }))).toEqual({ theme: 'dark', sidebar_open: false });
  });

  it('does not undo what the person changed while the answer was on its way', () => {
    expect(shellPreferencesToApply(input({ account: dark, local: { theme: 'dark', sidebar_open: true }, localAtSignIn: light }))).toEqual({
      sidebar_open: false,
    });
    expect(shellPreferencesToApply(input({ account: dark, local: { theme: 'light', sidebar_open: false }, localAtSignIn: dark }))).toEqual({});
  });

  it('reads back only a well-formed record', () => {
    expect(parseTaken(JSON.stringify({ user_id: 'u1', theme: 'dark', sidebar_open: false }))).toEqual({ user_id: 'u1', theme: 'dark', sidebar_open: false });
    for (const raw of [null, '', 'not json', 'null', '{"user_id":"u1","theme":"blue","sidebar_open":true}', '{"theme":"dark","sidebar_open":true}']) {
      expect(parseTaken(raw)).toBeNull();
    }
  });
});
