import { describe, expect, it } from 'vitest';
import { builderPath, monitorPath, toolAnalyticsPath, workflowAnalyticsPath } from './portal-links.ts';

const WF = '1b4e28ba-2fa1-11d2-883f-0016d3cca427';

describe('portal links', () => {
  it('opens the monitor filtered with its own parameters', () => {
    expect(monitorPath()).toBe('/applications');
    expect(monitorPath({ workflow: WF, overdue: true })).toBe(`/applications?workflow=${WF}&overdue=1`);
    expect(monitorPath({ view: 'queue', status: 'failed', step: 's1', review: true })).toBe('/applications?view=queue&status=failed&step=s1&review=1');
  });

  it('keeps the period on the way to a workflow’s analytics', () => {
    expect(workflowAnalyticsPath(null)).toBe('/workflows/analytics');
    expect(workflowAnalyticsPath(WF, { range: '7d', from: '', to: '', bucket: '' })).toBe(`/workflows/analytics?workflow=${WF}&range=7d`);
    expect(workflowAnalyticsPath(WF, { range: '30d', from: '', to: '', bucket: '' })).toBe(`/workflows/analytics?workflow=${WF}`);
  });

  it('links tools and the builder', () => {
    expect(toolAnalyticsPath(WF)).toBe(`/tools/analytics?tool=${WF}`);
    expect(builderPath(WF)).toBe(`/workflows/builder?id=${WF}`);
  });
});
