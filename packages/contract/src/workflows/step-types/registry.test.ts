import { describe, expect, it } from 'vitest';
import { describeStepType, getStepType, STEP_TYPES, stepBranches, validateStepConfig } from './registry.ts';

describe('step type registry', () => {
  it('has the nine types of DESIGN §6 with valid defaults', () => {
    expect(STEP_TYPES.map((t) => t.type)).toEqual(['start', 'form', 'tool', 'condition', 'approval', 'ai', 'delay', 'notification', 'end']);
    for (const t of STEP_TYPES) {
      const check = validateStepConfig(t.type, t.defaults);
      // a tool step's default has no tool chosen yet: it is the one default the user must complete
      if (t.type === 'tool') expect(check.errors.map((e) => e.field)).toEqual(['tool_name']);
      else expect(check, t.type).toMatchObject({ valid: true });
    }
  });

  it('serves each config schema as JSON Schema', () => {
    for (const t of STEP_TYPES) {
      const d = describeStepType(t as never);
      expect(d.config_schema.type, t.type).toBe('object');
      expect(d.config_schema.properties, t.type).toBeTruthy();
    }
  });

  it('returns field errors for a bad config', () => {
    const check = validateStepConfig('condition', { branches: [{ id: 'a', label: 'A', expression: 'data.x >' }] });
    expect(check.valid).toBe(false);
    expect(check.errors).toEqual([{ field: 'branches.0.expression', message: expect.stringMatching(/ends too early/) }]);
    expect(validateStepConfig('nope', {}).errors[0]!.message).toMatch(/Unknown step type/);
    expect(validateStepConfig('form', { title: 'T', fields: [{ key: 'a', label: 'A', type: 'select' }] }).errors[0]).toMatchObject({
      field: 'fields.0.options',
    });
  });

  it('fills defaults', () => {
    expect(validateStepConfig('delay', { amount: 3 }).config).toEqual({ amount: 3, unit: 'minutes' });
  });

  it('knows the branches each step must connect', () => {
    expect(stepBranches('condition', { branches: [{ id: 'adult', label: 'Adult', expression: 'data.age >= 18' }], otherwise: true }).map((b) => b.id)).toEqual([
      'adult',
      'otherwise',
    ]);
    expect(stepBranches('approval', {}).map((b) => b.id)).toEqual(['approved', 'rejected']);
    expect(stepBranches('form', getStepType('form')!.defaults)).toEqual([]);
  });
});
