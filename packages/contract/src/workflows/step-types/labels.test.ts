import { describe, expect, it } from 'vitest';
import { STEP_TYPE_LABELS, stepTypeLabel } from './labels.ts';
import { STEP_TYPES } from './registry.ts';

describe('step type labels without zod', () => {
  it('names every step type of the registry as its definition does, and no other', () => {
    expect(STEP_TYPE_LABELS).toEqual(Object.fromEntries(STEP_TYPES.map((t) => [t.type, t.label])));
  });

  it('has no label for an unknown type, nor for an inherited property name', () => {
    expect(stepTypeLabel('form')).toBe('Form');
    expect(stepTypeLabel('nope')).toBeUndefined();
    expect(stepTypeLabel('toString')).toBeUndefined();
  });
});
