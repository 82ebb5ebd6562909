import { describe, expect, it } from 'vitest';
import type { SavedStep } from '@admin-portal/contract/workflows/api';
import { ALL_ANSWERED, formStops, NOTHING_TYPED } from './form-stops.ts';

const form = (id: string, name: string, fields: { key: string; label: string; type?: string; required?: boolean }[]): SavedStep =>
  ({
    id,
    type: 'form',
    name,
    position: { x: 0, y: 0 },
    config: { title: name, fields: fields.map((f) => ({ type: 'text', required: true, ...f })) },
  }) as unknown as SavedStep;

describe('where applicants stop in forms', () => {
  const about = form('s1', 'About you', [
    { key: 'first_name', label: 'First name' },
    { key: 'nickname', label: 'Nickname', required: false },
    { key: 'birth_date', label: 'Date of birth' },
    { key: 'id_card', label: 'ID card', type: 'file' },
    { key: 'consent', label: 'Consent', type: 'checkbox' },
  ]);
  const other = form('s2', 'Income', [{ key: 'income', label: 'Income' }]);
  const end = { id: 's3', type: 'end', name: 'End', config: {}, position: { x: 0, y: 0 } } as unknown as SavedStep;

  it('counts, per form in order, those who typed nothing, those stopped before each required field, and those who did not send', () => {
    const waiting = [
      { step_id: 's1', answers: null },
      { step_id: 's1', answers: { first_name: '' } },
      { step_id: 's1', answers: { nickname: 'Ada' } },
      { step_id: 's1', answers: { first_name: 'Ada', nickname: 'A' } },
      { step_id: 's1', answers: { first_name: 'Ada', birth_date: '1990-01-01', consent: false } },
      { step_id: 's1', answers: { first_name: 'Ada', birth_date: '1990-01-01', consent: true } },
      { step_id: 's2', answers: null },
    ];
    expect(formStops([about, end, other], waiting).map((r) => [r.step_name, r.label, r.stopped, r.waiting])).toEqual([
      ['About you', NOTHING_TYPED, 2, 6],
      ['About you', 'First name', 1, 6],
      ['About you', 'Date of birth', 1, 6],
      ['About you', 'Consent', 1, 6],
      ['About you', ALL_ANSWERED, 1, 6],
      ['Income', NOTHING_TYPED, 1, 1],
    ]);
  });

  it('leaves out forms nobody waits at', () => {
    expect(formStops([about, other], [])).toEqual([]);
  });
});
