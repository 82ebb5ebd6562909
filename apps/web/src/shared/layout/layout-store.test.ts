import { describe, expect, it } from 'vitest';
import { parseSidebarOpen } from './layout-store.ts';

describe('sidebar state', () => {
  it('is open by default and closed only when the user closed it (spec §9)', () => {
    expect(parseSidebarOpen(null)).toBe(true);
    expect(parseSidebarOpen('true')).toBe(true);
    expect(parseSidebarOpen('garbage')).toBe(true);
    expect(parseSidebarOpen('false')).toBe(false);
  });
});
