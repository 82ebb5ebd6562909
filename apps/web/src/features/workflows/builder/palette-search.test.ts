import { describe, expect, it } from 'vitest';
import { STEP_TYPES, describeStepType } from '@admin-portal/contract/workflows/step-types/registry';
import type { StepTypeDefinition } from '@admin-portal/contract/workflows/step-types/step-type';
import { searchStepTypes } from './palette-search.ts';

const types = STEP_TYPES.map((t) => describeStepType(t as unknown as StepTypeDefinition));
const labels = (query: string) => searchStepTypes(types, query).map((t) => t.label);

describe('palette search', () => {
  it('lists an exact name first: "end" finds End before Notification (whose description says "Sends")', () => {
    const found = labels('end');
    expect(found[0]).toBe('End');
    expect(found).toContain('Notification');
    expect(found.indexOf('End')).toBeLessThan(found.indexOf('Notification'));
  });

  it('ranks names that start with the query before names that only contain it, and those before descriptions', () => {
    const ranked = searchStepTypes(
      [
        { type: 'b', label: 'Backend call', description: '', category: 'automation' },
        { type: 'a', label: 'Mail', description: 'Sends an email', category: 'messaging' },
        { type: 'c', label: 'Send later', description: '', category: 'flow' },
        { type: 'd', label: 'Resend', description: '', category: 'flow' },
        { type: 'e', label: 'Quick send', description: '', category: 'flow' },
      ],
      'send',
    ).map((t) => t.label);
    expect(ranked).toEqual(['Send later', 'Quick send', 'Resend', 'Mail']);
  });

  it('keeps the palette order within a rank, ignores case and spaces around the query, and lists everything when it is empty', () => {
    expect(labels('  FORM ')[0]).toBe('Form');
    expect(labels('')).toEqual(types.map((t) => t.label));
    expect(labels('zzz')).toEqual([]);
  });
});
