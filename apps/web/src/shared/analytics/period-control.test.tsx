// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PeriodControl } from './period-control.tsx';
import { DEFAULT_PERIOD, type PeriodState } from './period-state.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let host: HTMLDivElement;
let root: Root;
beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

const render = (value: PeriodState, onChange = vi.fn(), problem: string | null = null) => {
  act(() => root.render(<PeriodControl id="p" value={value} today="2026-11-22" onChange={onChange} problem={problem} />));
  return onChange;
};
const option = (value: string) => host.querySelector<HTMLOptionElement>(`#p-bucket option[value="${value}"]`)!;

describe('PeriodControl', () => {
  it('offers the presets, checks the current one, and shows the bucket the figures come in', () => {
    render(DEFAULT_PERIOD);
    const radios = [...host.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
    expect(radios.map((r) => host.querySelector(`label[for="${r.id}"]`)!.textContent)).toEqual(['Today', '7 days', '30 days', '90 days', 'Custom']);
    expect(radios.find((r) => r.checked)!.value).toBe('30d');
    expect(host.querySelector<HTMLSelectElement>('#p-bucket')!.value).toBe('day');
    // Hours only for periods of up to 14 days.
    expect(option('hour').disabled).toBe(true);
    render({ ...DEFAULT_PERIOD, range: '7d' });
    expect(option('hour').disabled).toBe(false);
    expect(host.querySelector('input[type="date"]')).toBeNull();
  });

  it('picks Custom with the days the preset covered, and shows what is wrong with them', () => {
    const onChange = render({ ...DEFAULT_PERIOD, range: '7d' });
    act(() => host.querySelector<HTMLInputElement>('#p-range-custom')!.click());
    expect(onChange).toHaveBeenCalledWith({ range: 'custom', from: '2026-11-16', to: '2026-11-22', bucket: '' });
    render({ range: 'custom', from: '2026-11-30', to: '2026-11-30', bucket: '' }, vi.fn(), 'The period cannot start in the future');
    expect(host.querySelector<HTMLInputElement>('#p-from')!.value).toBe('2026-11-30');
    expect(host.querySelector<HTMLInputElement>('#p-from')!.max).toBe('2026-11-22');
    expect(host.querySelector('[role="alert"]')!.textContent).toBe('The period cannot start in the future');
    expect(host.querySelector('#p-from')!.getAttribute('aria-describedby')).toBe('p-problem');
  });
});
