// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GENERATOR_MESSAGES, type AiTask } from '@admin-portal/contract/ai/generators';
import { reactRootPerTest } from '../../../shared/testing/react-root.ts';
import { GenerateDialog, POLL_MS, STILL_WORKING_MS } from './generate-dialog.tsx';

const api = vi.hoisted(() => ({
  startGeneration: vi.fn(),
  getTaskStatus: vi.fn(),
  cancelTask: vi.fn(),
  createToolFromAi: vi.fn(),
  createWorkflowFromAi: vi.fn(),
}));
vi.mock('../api/generator-api.ts', () => api);

const TASK_ID = '1b4e28ba-2fa1-11d2-883f-0016d3cca427';
const task = (status: AiTask['status'], progress = 30): AiTask =>
  ({
    id: TASK_ID,
    kind: 'tool',
    status,
    progress,
    stage: status === 'running' ? GENERATOR_MESSAGES.drafting : '',
    provider: 'openai',
    result: null,
    error: null,
    created_id: null,
  }) as unknown as AiTask;

const { render } = reactRootPerTest();
const button = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
const text = () => document.body.textContent ?? '';

async function startHangingGeneration() {
  api.startGeneration.mockResolvedValue({ success: true, task_id: TASK_ID, status: 'pending', message: GENERATOR_MESSAGES.queued });
  api.getTaskStatus.mockResolvedValue(task('running'));
  render(<GenerateDialog kind="tool" show onClose={() => {}} onCreated={() => {}} />);
  const area = document.querySelector('textarea')!;
  await act(async () => {
    const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
    setValue.call(area, 'Look up a customer in our CRM by customer id');
    area.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await act(async () => button('Generate')!.click());
}

describe('GenerateDialog while a generation hangs', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    Object.values(api).forEach((fn) => fn.mockReset());
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says it is still working after a while and lets the user cancel it, then generate again', async () => {
    await startHangingGeneration();
    expect(text()).toContain(GENERATOR_MESSAGES.drafting);
    expect(button('Generate again')!.disabled).toBe(true);
    await act(async () => vi.advanceTimersByTimeAsync(STILL_WORKING_MS - POLL_MS));
    expect(text()).not.toContain(GENERATOR_MESSAGES.stillWorking);
    await act(async () => vi.advanceTimersByTimeAsync(POLL_MS * 2));
    expect(text()).toContain(GENERATOR_MESSAGES.stillWorking);

    api.cancelTask.mockResolvedValue(task('cancelled'));
    await act(async () => button('Cancel generation')!.click());
    expect(api.cancelTask).toHaveBeenCalledWith(TASK_ID);
    expect(text()).toContain(GENERATOR_MESSAGES.taskCancelled);
    expect(text()).not.toContain(GENERATOR_MESSAGES.stillWorking);
    expect(button('Cancel generation')).toBeUndefined();
    expect(button('Generate again')!.disabled).toBe(false);
  });

  it('says nothing of the kind while a draft comes quickly', async () => {
    await startHangingGeneration();
    api.getTaskStatus.mockResolvedValue(task('completed', 100));
    await act(async () => vi.advanceTimersByTimeAsync(STILL_WORKING_MS * 2));
    expect(text()).not.toContain(GENERATOR_MESSAGES.stillWorking);
    expect(button('Cancel generation')).toBeUndefined();
  });
});
