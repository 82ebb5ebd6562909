import { useMemo, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Placeholder from 'react-bootstrap/Placeholder';
import ToggleButton from 'react-bootstrap/ToggleButton';
import ToggleButtonGroup from 'react-bootstrap/ToggleButtonGroup';
import { Link } from 'react-router';
import { useLatestSearchParams } from '../../../shared/hooks/use-latest-search-params.ts';
import type { ToolAnalytics } from '@admin-portal/contract/tools/api';
import { DEFAULT_PREFERENCES, usePreferences } from '../../../shared/preferences/preferences.ts';
import { useToolAnalytics, useToolOptions } from '../api/tool-activity-api.ts';
import type { ToolAbilities } from '../lib/abilities.ts';
import { activityDateFormats, type ActivityDateFormats } from '../lib/activity-format.ts';
import { fillBuckets, windowPhrase } from '../lib/analytics-series.ts';
import { analyticsStateToParams, parseAnalyticsState, WINDOWS, type AnalyticsViewState, type WindowDays } from '../lib/analytics-state.ts';
import { AnalyticsSummary } from './analytics-summary.tsx';
import { ExecutionsSection } from './executions-section.tsx';
import { CallsChart, LatencyChart } from './over-time-charts.tsx';
import { PerToolTable } from './per-tool-table.tsx';
import { TopCallers, TopErrors } from './top-lists.tsx';
import { PAGE_HEADINGS } from '@admin-portal/contract/page-headings';
import './tool-analytics.css';

function Panel({ id, title, subtitle, children, className }: { id: string; title: string; subtitle?: string; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={id} className={className}>
      <Card className="h-100">
        <Card.Header className="bg-body py-3">
          <h2 id={id} className="h5 mb-0">
            {title}
          </h2>
          {subtitle && <p className="small text-body-secondary mb-0">{subtitle}</p>}
        </Card.Header>
        <Card.Body>{children}</Card.Body>
      </Card>
    </section>
  );
}

function LoadingAnalytics() {
  return (
    <div aria-hidden="true" className="mb-4">
      <div className="row g-3 mb-4">
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="col-sm-6 col-xl-3">
            <Card body>
              <Placeholder as="div" animation="glow">
                <Placeholder xs={5} /> <Placeholder xs={8} size="lg" />
              </Placeholder>
            </Card>
          </div>
        ))}
      </div>
      <Card body>
        <Placeholder as="div" animation="glow" className="analytics-chart-placeholder">
          <Placeholder xs={12} className="h-100" />
        </Placeholder>
      </Card>
    </div>
  );
}

function NoCalls({ days, toolName, abilities }: { days: number; toolName: string | null; abilities: ToolAbilities }) {
  return (
    <Card className="mb-4">
      <Card.Body className="text-center py-5">
        <h2 className="h5">{toolName ? `No calls of ${toolName} in this period` : 'No tool calls in this period'}</h2>
        <p className="text-body-secondary mb-0">
          Nothing ran in {windowPhrase(days)}.{' '}
          {abilities.manage ? (
            <>
              <Link to="/tools">Test a tool in the Tool Registry</Link> and its calls show up here, as do calls from MCP clients and workflows.
            </>
          ) : (
            <>
              Calls show up here once tools in the <Link to="/tools">Tool Registry</Link> are tested or called by MCP clients and workflows.
            </>
          )}
        </p>
      </Card.Body>
    </Card>
  );
}

function AnalyticsBody({
  analytics,
  days,
  dates,
  onTool,
}: {
  analytics: ToolAnalytics;
  days: number;
  dates: ActivityDateFormats;
  onTool: (id: string) => void;
}) {
  const buckets = useMemo(() => fillBuckets(analytics.over_time, analytics.from, analytics.to, analytics.bucket), [analytics]);
  const per = analytics.bucket === 'hour' ? 'Per hour' : 'Per day';
  return (
    <>
      <AnalyticsSummary analytics={analytics} />
      <Panel id="over-time-title" title="Over time" subtitle={`${per}, over ${windowPhrase(days)}`} className="mb-4">
        <div className="row g-4">
          <div className="col-xl-6">
            <CallsChart buckets={buckets} size={analytics.bucket} days={days} dates={dates} />
          </div>
          <div className="col-xl-6">
            <LatencyChart buckets={buckets} size={analytics.bucket} days={days} dates={dates} />
          </div>
        </div>
      </Panel>
      {analytics.per_tool && (
        <section aria-labelledby="per-tool-title" className="mb-4">
          <Card>
            <Card.Header className="bg-body py-3">
              <h2 id="per-tool-title" className="h5 mb-0">
                Per tool
              </h2>
              <p className="small text-body-secondary mb-0">Busiest first. Select a tool to see only its calls.</p>
            </Card.Header>
            <PerToolTable tools={analytics.per_tool} onTool={onTool} />
          </Card>
        </section>
      )}
      <div className="row g-4 mb-4">
        <Panel id="top-errors-title" title="Top errors" subtitle="The most frequent failures" className="col-lg-6">
          <TopErrors errors={analytics.top_errors} total={analytics.errors} />
        </Panel>
        <Panel id="top-callers-title" title="Top callers" subtitle="Testers, MCP clients (by API key) and workflows" className="col-lg-6">
          <TopCallers callers={analytics.top_callers} total={analytics.calls} />
        </Panel>
      </div>
    </>
  );
}

/**
 * Tools → Analytics (/tools/analytics): calls, error rate and latency of the organization's tools over a window,
 * over time and per tool, the top errors and callers, and the recorded executions with their details. The window,
 * the tool, the table's filters and page, and the open execution live in the URL.
 */
export function ToolAnalyticsPage({ abilities }: { abilities: ToolAbilities }) {
  const [params, setParams] = useLatestSearchParams();
  const state = parseAnalyticsState(params);
  const preferencesQuery = usePreferences();
  const preferences = preferencesQuery.data;
  const dates = useMemo(() => activityDateFormats(preferences), [preferences]);
  const pageSize = state.size ?? preferences?.page_size ?? DEFAULT_PREFERENCES.page_size;

  const analytics = useToolAnalytics({ days: state.days, toolId: state.tool || null });
  const toolOptions = useToolOptions();
  const tools = toolOptions.data?.items ?? [];
  const selectedTool = state.tool ? (tools.find((t) => t.id === state.tool) ?? null) : null;

  const patch = (change: Partial<AnalyticsViewState>) =>
    setParams((prev) => analyticsStateToParams({ ...parseAnalyticsState(prev), ...change }), { replace: true });
  const chooseTool = (tool: string) => patch({ tool, page: 1, execution: null });
  const data = analytics.data;

  return (
    <>
      <header className="page-header d-flex flex-wrap align-items-start justify-content-between gap-3 mb-4">
        <div>
          <h1 className="h3 mb-1">{PAGE_HEADINGS['/tools/analytics'].heading}</h1>
          <p className="text-body-secondary mb-0">{PAGE_HEADINGS['/tools/analytics'].lead}</p>
        </div>
        <div className="d-flex flex-wrap align-items-center gap-2">
          {analytics.isFetching && !analytics.isPending && (
            <span className="spinner-border spinner-border-sm text-body-secondary" role="status" aria-label="Updating analytics" />
          )}
          <Form.Select className="analytics-tool-filter" aria-label="Filter by tool" value={state.tool} onChange={(e) => chooseTool(e.target.value)}>
            <option value="">All tools</option>
            {state.tool && !selectedTool && <option value={state.tool}>{toolOptions.isPending ? 'Loading…' : 'Selected tool'}</option>}
            {tools.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </Form.Select>
          <ToggleButtonGroup
            type="radio"
            name="analytics-window"
            value={state.days}
            onChange={(days: WindowDays) => patch({ days })}
            aria-label="Time window"
            className="analytics-window"
          >
            {WINDOWS.map((w) => (
              <ToggleButton key={w.days} id={`analytics-window-${w.days}`} value={w.days} variant="outline-primary" size="sm">
                {w.label}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </div>
      </header>

      {analytics.isError ? (
        <Alert variant="danger" className="d-flex flex-wrap align-items-center justify-content-between gap-3">
          <span>Analytics could not be loaded: {analytics.error.message}</span>
          <span className="d-flex gap-2">
            {state.tool && (
              <Button variant="outline-secondary" size="sm" onClick={() => chooseTool('')}>
                Show all tools
              </Button>
            )}
            <Button variant="outline-danger" size="sm" onClick={() => void analytics.refetch()}>
              Retry
            </Button>
          </span>
        </Alert>
      ) : !data ? (
        <LoadingAnalytics />
      ) : data.calls === 0 ? (
        <NoCalls days={state.days} toolName={selectedTool?.name ?? null} abilities={abilities} />
      ) : (
        <AnalyticsBody analytics={data} days={state.days} dates={dates} onTool={chooseTool} />
      )}

      <ExecutionsSection state={state} pageSize={pageSize} ready={state.size !== null || !preferencesQuery.isPending} dates={dates} onChange={patch} />
    </>
  );
}
