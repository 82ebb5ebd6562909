// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkflowSummary } from '@admin-portal/contract/workflows/api';
import { ApiError } from '../../../shared/api/api-result.ts';
import { DeleteWorkflowDialog } from './delete-workflow-dialog.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const mutateAsync = vi.fn();
vi.mock('../api/workflows-api.ts', () => ({ useDeleteWorkflow: () => ({ mutateAsync, isPending: false }) }));

const WORKFLOW: WorkflowSummary = {
  id: '1b4e28ba-2fa1-11d2-883f-0016d3cca427',
  organization_id: '2b4e28ba-2fa1-11d2-883f-0016d3cca427',
  name: 'Retail KYC',
  description: '',
  category: 'kyc',
  status: 'active',
  version: 3,
  pending_version: null,
  step_count: 5,
  application_count: 0,
  created_by: null,
  updated_by: null,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-02T10:00:00Z',
};
const CONFLICT = 'This workflow has 2 applications (1 still open) whose history refers to it; archive it instead of deleting it';

let container: HTMLDivElement;
let root: Root;

function render(props: Partial<Parameters<typeof DeleteWorkflowDialog>[0]> = {}) {
  const handlers = { onClose: vi.fn(), onArchive: vi.fn() };
  act(() => root.render(<DeleteWorkflowDialog show workflow={WORKFLOW} {...handlers} {...props} />));
  return handlers;
}

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const button = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
const flush = () => act(async () => {});

describe('DeleteWorkflowDialog', () => {
  beforeEach(() => {
    mutateAsync.mockReset();
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => {
    act(() => root.unmount());
    container.remove();
    document.body.innerHTML = '';
  });

  it('names the workflow and deletes it on confirmation', async () => {
    mutateAsync.mockResolvedValue({ success: true, message: 'Workflow deleted' });
    const { onClose } = render();
    expect(dialog()?.textContent).toContain('Delete Retail KYC and its version history?');
    act(() => button('Delete workflow')?.click());
    await flush();
    expect(mutateAsync).toHaveBeenCalledWith(WORKFLOW.id);
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the server’s 409 detail and offers to archive instead', async () => {
    mutateAsync.mockRejectedValue(new ApiError({ success: false, status: 409, data: { detail: CONFLICT }, message: CONFLICT, validation_errors: [] }));
    const { onClose, onArchive } = render();
    act(() => button('Delete workflow')?.click());
    await flush();
    const alert = dialog()?.querySelector('[role="alert"]');
    expect(alert?.textContent).toContain('This workflow cannot be deleted');
    expect(alert?.textContent).toContain(CONFLICT);
    expect(button('Delete workflow')).toBeUndefined();
    expect(onClose).not.toHaveBeenCalled();
    act(() => button('Archive instead')?.click());
    expect(onArchive).toHaveBeenCalledTimes(1);
  });

  it('shows other failures as errors and lets the person try again', async () => {
    mutateAsync.mockRejectedValue(new ApiError({ success: false, status: 500, data: null, message: 'An error occurred', validation_errors: [] }));
    render();
    act(() => button('Delete workflow')?.click());
    await flush();
    expect(dialog()?.querySelector('[role="alert"]')?.textContent).toBe('An error occurred');
    expect(button('Delete workflow')).toBeDefined();
  });

  it('warns ahead when applications already refer to it', () => {
    render({ workflow: { ...WORKFLOW, application_count: 4 } });
    expect(dialog()?.textContent).toContain('It has 4 applications: archive it instead.');
  });
});
