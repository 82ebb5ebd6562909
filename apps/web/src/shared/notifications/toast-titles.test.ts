import { describe, expect, it } from 'vitest';
import { MESSAGES, TOASTS } from '@admin-portal/contract/messages';
import { SPEC_TOAST_TITLES, TOAST_TITLES } from './toast-titles.ts';

/** Words that keep their capitals inside a sentence. */
const KEEP_CAPITALS = new Set(['AI', 'API', 'CSV', 'MCP']);

/** "Workflow saved", "API key created": a capital for the first word only, except for KEEP_CAPITALS. */
function isSentenceCase(text: string): boolean {
  const [first = '', ...rest] = text.split(' ');
  const firstOk = KEEP_CAPITALS.has(first) || /^[A-Z0-9][^A-Z]*$/.test(first);
  return firstOk && rest.every((word) => KEEP_CAPITALS.has(word) || !/[A-Z]/.test(word));
}

type Titles = typeof TOAST_TITLES;
type MadeTitle = { [K in keyof Titles]: Titles[K] extends (...args: never[]) => unknown ? K : never }[keyof Titles];

/** What the app passes to each title that is made from its words (a new one must be listed here to compile). */
const SAMPLES: { [K in MadeTitle]: Parameters<Titles[K]>[] } = {
  usersDone: [['unlocked'], ['activated'], ['deactivated'], ['deleted']],
  noUsersDone: [['unlocked'], ['activated'], ['deactivated'], ['deleted']],
  someUsersDone: [
    ['unlocked', 2, 3],
    ['deleted', 1, 5],
  ],
  // A workflow's status change as its menu says it, and the builder's save and status change.
  failed: [['Activate'], ['Archive'], ['Return to draft'], ['Reopen as draft'], ['Make archived'], ['Save'], ['Activation'], ['Status change']],
};

/** Every title the app can show, with the catalogue key it comes from. */
function everyTitle(): [string, string][] {
  return Object.entries(TOAST_TITLES).flatMap(([key, value]): [string, string][] => {
    if (typeof value === 'string') return [[key, value]];
    const samples = SAMPLES[key as MadeTitle] as unknown[][];
    return samples.map((args) => [key, (value as (...a: unknown[]) => string)(...args)]);
  });
}

describe('toast titles', () => {
  const specTitles = new Set<string>(Object.values(SPEC_TOAST_TITLES));

  it('keep the spec’s titles word for word', () => {
    expect(SPEC_TOAST_TITLES).toEqual({
      loginSuccess: TOASTS.loginSuccess.title,
      profileUpdated: TOASTS.profileUpdated.title,
      passwordChanged: TOASTS.passwordChanged.title,
      sessionExpiring: TOASTS.sessionExpiring.title,
      sessionExtended: TOASTS.sessionExtended.title,
      sessionExpired: TOASTS.sessionExpired.title,
      aiError: TOASTS.aiError.title,
      feedbackError: TOASTS.feedbackError.title,
      feedbackSubmitted: TOASTS.feedbackSubmitted.title,
      startupFailed: MESSAGES.startupFailed,
    });
    expect([...specTitles]).toContain('Session Expired');
  });

  it('are in sentence case, every one the spec does not fix', () => {
    const titles = everyTitle().filter(([, text]) => !specTitles.has(text));
    expect(titles.length).toBeGreaterThan(60);
    const wrong = titles.filter(([, text]) => !isSentenceCase(text)).map(([key, text]) => `${key}: ${text}`);
    expect(wrong).toEqual([]);
  });

  it('tell title case from sentence case', () => {
    expect(isSentenceCase('Workflow saved')).toBe(true);
    expect(isSentenceCase('API key created')).toBe(true);
    expect(isSentenceCase('Sign-up approved')).toBe(true);
    expect(isSentenceCase('Workflow Activated')).toBe(false);
    expect(isSentenceCase('Sign-Up approved')).toBe(false);
    expect(isSentenceCase('Could Not Mark as Read')).toBe(false);
  });
});
