// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { reactRootPerTest } from '../testing/react-root.ts';
import { PeriodControl } from './period-control.tsx';
import { DEFAULT_PERIOD, type PeriodState } from './period-state.ts';

const dom = reactRootPerTest();

const render = (value: PeriodState, onChange = vi.fn(), problem: string | null = null) => {
  dom.render(<PeriodControl id="p" value={value} today="2026-11-22" onChange={onChange} problem={problem} />);
  return onChange;
};
const option = (value: string) => dom.host.querySelector<HTMLOptionElement>(`#p-bucket option[value="${value}"]`)!;

describe('PeriodControl', () => {
  it('offers the presets, checks the current one, and shows the bucket the figures come in', () => {
    render(DEFAULT_PERIOD);
    const radios = [...dom.host.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
    expect(radios.map((r) => dom.host.querySelector(`label[for="${r.id}"]`)!.textContent)).toEqual(['Today', '7 days', '30 days', '90 days', 'Custom']);
    expect(radios.find((r) => r.checked)!.value).toBe('30d');
    expect(dom.host.querySelector<HTMLSelectElement>('#p-bucket')!.value).toBe('day');
    // Hours only for periods of up to 14 days.
    expect(option('hour').disabled).toBe(true);
    render({ ...DEFAULT_PERIOD, range: '7d' });
    expect(option('hour').disabled).toBe(false);
    expect(dom.host.querySelector('input[type="date"]')).toBeNull();
  });

  it('picks Custom with the days the preset covered, and shows what is wrong with them', () => {
    const onChange = render({ ...DEFAULT_PERIOD, range: '7d' });
    act(() => dom.host.querySelector<HTMLInputElement>('#p-range-custom')!.click());
    expect(onChange).toHaveBeenCalledWith({ range: 'custom', from: '2026-11-16', to: '2026-11-22', bucket: '' });
    render({ range: 'custom', from: '2026-11-30', to: '2026-11-30', bucket: '' }, vi.fn(), 'The period cannot start in the future');
    expect(dom.host.querySelector<HTMLInputElement>('#p-from')!.value).toBe('2026-11-30');
    expect(dom.host.querySelector<HTMLInputElement>('#p-from')!.max).toBe('2026-11-22');
    expect(dom.host.querySelector('[role="alert"]')!.textContent).toBe('The period cannot start in the future');
    expect(dom.host.querySelector('#p-from')!.getAttribute('aria-describedby')).toBe('p-problem');
  });
});
