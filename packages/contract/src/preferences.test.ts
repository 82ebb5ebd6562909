import { describe, expect, it } from 'vitest';
import { PREFERENCE_DEFAULTS } from './preference-defaults.ts';
import { preferencesSchema } from './preferences.ts';

describe('preference defaults', () => {
  it('are what the schema fills in for preferences never set', () => {
    expect(preferencesSchema.parse({})).toEqual(PREFERENCE_DEFAULTS);
  });

  it('name every preference', () => {
    expect(Object.keys(PREFERENCE_DEFAULTS).sort()).toEqual(Object.keys(preferencesSchema.shape).sort());
  });
});
