// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { AuditLogEntry } from '@admin-portal/contract/system/audit';
import { dateFormats } from '../../../shared/lib/date-formats.ts';
import { reactRootPerTest } from '../../../shared/testing/react-root.ts';
import { AuditDetailDialog } from './audit-detail-dialog.tsx';

const root = reactRootPerTest();

const ENTRY: AuditLogEntry = {
  id: '0c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5',
  actor: { id: '1b4e28ba-2fa1-11d2-883f-0016d3cca427', email: 'ann@example.com', name: 'Ann Admin' },
  action: 'user.update',
  target_type: 'user',
  target_id: '3f2a9c1b-5d7e-4f60-8a91-b2c3d4e5f607',
  target_name: 'Jane Doe',
  organization: { id: '2b4e28ba-2fa1-11d2-883f-0016d3cca427', name: 'Acme' },
  summary: 'role: viewer → operator',
  changes: { role: { from: 'viewer', to: 'operator' } },
  ip: '10.0.0.1',
  request_id: 'req-1',
  created_at: '2026-11-02T10:00:00Z',
};

describe('the row’s details', () => {
  it('title the action in words and keep its code, the target’s name, type and id', () => {
    root.render(<AuditDetailDialog entry={ENTRY} show onClose={() => undefined} onExited={() => undefined} format={dateFormats(undefined)} />);
    const dialog = document.querySelector<HTMLElement>('[role="dialog"]')!;
    expect(dialog.querySelector('.modal-title')?.textContent).toBe('Updated user');
    const text = dialog.textContent ?? '';
    expect(text).toContain('Actionuser.update');
    expect(text).toContain('Jane Doe (User)');
    expect(text).toContain(ENTRY.target_id);
  });
});
