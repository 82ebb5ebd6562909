// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SECRET_MASK, TOOL_MESSAGES, type Tool, type ToolConfiguration } from '@admin-portal/contract/tools/api';
import { ApiError } from '../../../../shared/api/api-result.ts';
import { notify } from '../../../../shared/notifications/notifications-store.ts';
import { ConfigurationCard } from './configuration-card.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const createConfiguration = vi.fn();
const updateConfiguration = vi.fn();
const deleteConfiguration = vi.fn();
vi.mock('../../api/tools-api.ts', () => ({
  useCreateConfiguration: () => ({ mutateAsync: createConfiguration, isPending: false }),
  useUpdateConfiguration: () => ({ mutateAsync: updateConfiguration, isPending: false }),
  useDeleteConfiguration: () => ({ mutateAsync: deleteConfiguration, isPending: false }),
}));
vi.mock('../../../../shared/notifications/notifications-store.ts', () => ({ notify: vi.fn() }));

const TOOL: Tool = {
  id: '1b4e28ba-2fa1-11d2-883f-0016d3cca427',
  organization_id: '2b4e28ba-2fa1-11d2-883f-0016d3cca427',
  organization_name: 'Acme',
  name: 'lookup_customer',
  description: 'Reads a customer',
  tool_type: 'http_request',
  input_schema: { type: 'object' },
  output_schema: null,
  config: { method: 'GET', url: 'https://api.example.com/c', headers: { 'X-API-Key': '{{secrets.API_KEY}}' }, timeout_ms: 10_000 },
  status: 'draft',
  is_enabled: true,
  created_by: null,
  created_by_email: null,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
};
const STORED: ToolConfiguration = {
  id: '3b4e28ba-2fa1-11d2-883f-0016d3cca427',
  tool_id: TOOL.id,
  environment: 'development',
  config: {},
  secrets: { API_KEY: SECRET_MASK },
  is_active: true,
  secrets_approved: true,
  tool_status: 'draft',
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
};
const SCHEMA = { type: 'object', properties: { url: { type: 'string' }, timeout_ms: { type: 'integer' } } };

let container: HTMLDivElement;
let root: Root;

function render(configuration: ToolConfiguration | undefined, tool: Tool = TOOL, canApprove = false) {
  act(() =>
    root.render(
      <ConfigurationCard
        tool={tool}
        environment="development"
        configuration={configuration}
        configSchema={SCHEMA}
        referencedSecrets={['API_KEY']}
        canEdit
        canApprove={canApprove}
      />,
    ),
  );
}

const button = (name: string) => [...container.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s+/g, ' ').trim().startsWith(name));
const input = (label: string) => container.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`);
const flush = () => act(async () => {});

function type(element: HTMLInputElement, value: string) {
  act(() => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Switches "Active" off: runs in the environment then call the tool's own settings (a change of call when it overrides some). */
const toggleActive = () => act(() => container.querySelector<HTMLInputElement>('#configuration-development-active')!.click());

async function save() {
  act(() => button('Save development configuration')!.click());
  await flush();
}

describe('ConfigurationCard', () => {
  beforeEach(() => {
    for (const fn of [createConfiguration, updateConfiguration, deleteConfiguration, vi.mocked(notify)]) fn.mockReset();
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => {
    act(() => root.unmount());
    container.remove();
  });

  it('shows a stored secret as the mask and sends the mask back, so its value is kept', async () => {
    render(STORED);
    const value = input('Value of API_KEY')!;
    expect(value.value).toBe(SECRET_MASK);
    expect(value.type).toBe('password');
    expect(input('Secret 1 name')!.readOnly).toBe(true);
    expect(container.textContent).toContain('Stored: the value is hidden and kept unless you type a new one.');
    updateConfiguration.mockResolvedValue(STORED);
    await save();
    expect(updateConfiguration).toHaveBeenCalledWith({ id: STORED.id, body: { config: {}, secrets: { API_KEY: SECRET_MASK }, is_active: true } });
  });

  it('sends a value typed over the mask, and leaves a removed secret out', async () => {
    render({ ...STORED, secrets: { API_KEY: SECRET_MASK, OLD: SECRET_MASK } });
    type(input('Value of API_KEY')!, 'rotated-key');
    expect(container.textContent).toContain('Replaces the stored value when saved.');
    act(() => container.querySelector<HTMLButtonElement>('button[aria-label="Remove secret OLD"]')!.click());
    updateConfiguration.mockResolvedValue(STORED);
    await save();
    expect(updateConfiguration.mock.calls[0]![0].body.secrets).toEqual({ API_KEY: 'rotated-key' });
  });

  it('creates a configuration with a new secret offered from the tool’s placeholders, refusing an empty value first', async () => {
    render(undefined);
    expect(container.textContent).toContain('Not configured');
    act(() => button('Configure development')!.click());
    act(() => button('+ Add API_KEY')!.click());
    await save();
    expect(createConfiguration).not.toHaveBeenCalled();
    expect(container.textContent).toContain('Enter the secret’s value');
    type(input('Value of API_KEY')!, 'sk-123');
    createConfiguration.mockResolvedValue(STORED);
    await save();
    expect(createConfiguration).toHaveBeenCalledWith({
      tool_id: TOOL.id,
      environment: 'development',
      config: {},
      secrets: { API_KEY: 'sk-123' },
      is_active: true,
    });
  });

  it('puts the server’s errors about an override on its field', async () => {
    render({ ...STORED, config: { timeout_ms: 5 } });
    updateConfiguration.mockRejectedValue(
      new ApiError({
        success: false,
        status: 422,
        data: null,
        message: 'The configuration does not fit the tool',
        validation_errors: [{ field: 'config.timeout_ms', message: 'At least 100 ms' }],
      }),
    );
    await save();
    expect(container.querySelector('.invalid-feedback')?.textContent).toBe('At least 100 ms');
  });

  it('says when its secrets are held back because it calls something they were not approved for', () => {
    render({ ...STORED, secrets_approved: false, tool_status: 'pending_approval' });
    expect(container.textContent).toContain('Secrets held back');
    expect(container.textContent).toContain(TOOL_MESSAGES.secretsNotApproved);
    render(STORED);
    expect(container.textContent).not.toContain('Secrets held back');
  });

  it('warns before and after saving a change that sends an approved tool back for approval', async () => {
    const approved: Tool = { ...TOOL, status: 'approved' };
    render({ ...STORED, config: { timeout_ms: 5000 }, tool_status: 'approved' }, approved);
    expect(container.textContent).not.toContain('Saving sends this approved tool back for approval.');
    toggleActive();
    expect(container.textContent).toContain('Saving sends this approved tool back for approval.');
    updateConfiguration.mockResolvedValue({ ...STORED, is_active: false, tool_status: 'pending_approval' });
    await save();
    expect(notify).toHaveBeenCalledWith({
      type: 'warning',
      title: 'Configuration saved',
      message: `“${TOOL.name}”: configuration changed: sent back for approval.`,
    });
  });

  it('keeps quiet for an approver, whose change keeps the tool approved', async () => {
    const approved: Tool = { ...TOOL, status: 'approved' };
    render({ ...STORED, config: { timeout_ms: 5000 }, tool_status: 'approved' }, approved, true);
    toggleActive();
    expect(container.textContent).not.toContain('back for approval');
    updateConfiguration.mockResolvedValue({ ...STORED, is_active: false, tool_status: 'approved' });
    await save();
    expect(vi.mocked(notify).mock.calls[0]![0]).toMatchObject({ type: 'success' });
  });
});
