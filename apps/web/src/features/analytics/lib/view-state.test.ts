import { describe, expect, it } from 'vitest';
import { DEFAULT_PERIOD } from '../../../shared/analytics/period-state.ts';
import { applicationsQuery, applicationsViewToParams, isFiltered, parseApplicationsView } from './applications-view.ts';
import { parseWorkflowView, workflowQuery, workflowViewToParams } from './workflow-view.ts';

const WF = '1b4e28ba-2fa1-11d2-883f-0016d3cca427';

describe('applications analytics view', () => {
  it('reads the defaults from an empty URL', () => {
    expect(parseApplicationsView(new URLSearchParams())).toEqual({ period: DEFAULT_PERIOD, workflow: '', status: '' });
  });

  it('reads and writes the period, the workflow and the status', () => {
    const query = `range=7d&bucket=hour&workflow=${WF}&status=approved`;
    const view = parseApplicationsView(new URLSearchParams(query));
    expect(view).toEqual({ period: { range: '7d', from: '', to: '', bucket: 'hour' }, workflow: WF, status: 'approved' });
    expect(applicationsViewToParams(view).toString()).toBe(query);
    expect(isFiltered(view)).toBe(true);
  });

  it('ignores a malformed workflow or an unknown status', () => {
    const view = parseApplicationsView(new URLSearchParams('workflow=abc&status=waiting'));
    expect(view.workflow).toBe('');
    expect(view.status).toBe('');
    expect(isFiltered(view)).toBe(false);
  });

  it('asks the server for the period in the user’s zone, narrowed by the filters', () => {
    expect(applicationsQuery({ period: DEFAULT_PERIOD, workflow: WF, status: 'failed' }, 'Europe/Berlin')).toEqual({
      range: '30d',
      tz: 'Europe/Berlin',
      workflow_id: WF,
      status: 'failed',
    });
    expect(applicationsQuery({ period: DEFAULT_PERIOD, workflow: '', status: '' }, 'UTC')).toEqual({ range: '30d', tz: 'UTC' });
  });
});

describe('workflow analytics view', () => {
  it('round-trips the workflow and the period', () => {
    const query = `workflow=${WF}&range=custom&from=2026-11-01&to=2026-11-10`;
    const view = parseWorkflowView(new URLSearchParams(query));
    expect(view).toEqual({ workflow: WF, period: { range: 'custom', from: '2026-11-01', to: '2026-11-10', bucket: '' } });
    expect(workflowViewToParams(view).toString()).toBe(query);
    expect(workflowQuery(view, 'UTC')).toEqual({ range: 'custom', from: '2026-11-01', to: '2026-11-10', tz: 'UTC', workflow_id: WF });
  });

  it('lists every workflow without one', () => {
    expect(parseWorkflowView(new URLSearchParams('workflow=nope'))).toEqual({ workflow: '', period: DEFAULT_PERIOD });
  });
});
