import { useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Offcanvas from 'react-bootstrap/Offcanvas';
import Placeholder from 'react-bootstrap/Placeholder';
import type { ToolExecution } from '@admin-portal/contract/tools/api';
import { useToolExecution } from '../api/tool-activity-api.ts';
import { formatLatency, type ActivityDateFormats } from '../lib/activity-format.ts';
import { environmentLabel } from '../lib/mcp-access.ts';
import { CodeBlock, HeaderList } from '../../../shared/ui/code-view.tsx';
import { callerName, callerTypeLabel, hasPayload, prettyPayload, requestLine, toolLabel } from '../lib/execution-display.ts';
import { ExecutionStatusBadge } from './execution-status-badge.tsx';

interface Props {
  /** The open execution; null = closed. */
  id: string | null;
  /** The row already on screen, if any (a shared link fetches it). */
  known: ToolExecution | undefined;
  dates: ActivityDateFormats;
  onClose: () => void;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mb-4">
      <h3 id={id} className="h6 fw-semibold mb-2">
        {title}
      </h3>
      {children}
    </section>
  );
}

function Details({ execution, dates }: { execution: ToolExecution; dates: ActivityDateFormats }) {
  const line = requestLine(execution.request);
  const response = execution.response;
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <ExecutionStatusBadge status={execution.status} />
        <time dateTime={execution.created_at} className="small text-body-secondary">
          {dates.full.format(new Date(execution.created_at))}
        </time>
      </div>
      <dl className="row small mb-4 execution-facts">
        <dt className="col-4">Caller</dt>
        <dd className="col-8">
          {callerName(execution)} <span className="text-body-secondary">({callerTypeLabel(execution.caller_type)})</span>
        </dd>
        <dt className="col-4">Environment</dt>
        <dd className="col-8">{environmentLabel(execution.environment)}</dd>
        <dt className="col-4">Latency</dt>
        <dd className="col-8 tabular-nums">{formatLatency(execution.latency_ms)}</dd>
        <dt className="col-4">Attempts</dt>
        <dd className="col-8 tabular-nums">{execution.attempts}</dd>
        <dt className="col-4">Execution ID</dt>
        <dd className="col-8">
          <code className="text-body text-break">{execution.id}</code>
        </dd>
      </dl>

      {execution.error && (
        <Alert variant="danger" className="small">
          <Alert.Heading as="h3" className="h6">
            Error
          </Alert.Heading>
          <p className="mb-0 text-break">{execution.error}</p>
        </Alert>
      )}

      <Section id="execution-input" title="Input">
        <CodeBlock label="Input" text={prettyPayload(execution.input)} />
      </Section>
      <Section id="execution-output" title="Output">
        {hasPayload(execution.output) ? (
          <CodeBlock label="Output" text={prettyPayload(execution.output)} />
        ) : (
          <p className="small text-body-secondary mb-0">No output{execution.status === 'success' ? '' : ': the call did not succeed'}.</p>
        )}
      </Section>
      <Section id="execution-request" title="Request as sent">
        {line ? (
          <>
            <p className="mb-2">
              <code className="text-body text-break" data-testid="execution-request-line">
                {line}
              </code>
            </p>
            <HeaderList label="Headers" headers={execution.request?.headers} />
            {hasPayload(execution.request?.body) && (
              <>
                <p className="small text-body-secondary mb-1">Body</p>
                <CodeBlock label="Request body" text={prettyPayload(execution.request?.body)} />
              </>
            )}
            <p className="small text-body-secondary mt-2 mb-0">Secrets are redacted.</p>
          </>
        ) : (
          <p className="small text-body-secondary mb-0">No HTTP request: this tool runs inside the portal.</p>
        )}
      </Section>
      <Section id="execution-response" title="Response">
        {response && response.status !== undefined ? (
          <>
            <p className="mb-2">
              Status <span className="badge rounded-pill border bg-body-secondary text-body tabular-nums">{response.status}</span>
            </p>
            <HeaderList label="Headers" headers={response.headers} />
            {hasPayload(response.body) ? (
              <>
                <p className="small text-body-secondary mb-1">Body</p>
                <CodeBlock label="Response body" text={prettyPayload(response.body)} />
              </>
            ) : (
              <p className="small text-body-secondary mb-0">Empty body.</p>
            )}
            {response.truncated && <p className="small text-warning-emphasis mt-2 mb-0">The body was cut at the response size limit.</p>}
          </>
        ) : (
          <p className="small text-body-secondary mb-0">{line ? 'No response was received.' : 'No HTTP response.'}</p>
        )}
      </Section>
    </>
  );
}

/** One recorded run in a side panel: what went in and out, the request as sent, the response, the error and attempts. */
export function ExecutionDetails({ id, known, dates, onClose }: Props) {
  const fetched = useToolExecution(known ? null : id);
  const current = known ?? fetched.data;
  // While the panel slides out (id already null), it keeps showing the run it showed.
  const [last, setLast] = useState(current);
  if (current && current !== last) setLast(current);
  const execution = id === null ? last : current;
  return (
    <Offcanvas show={id !== null} onHide={onClose} placement="end" aria-labelledby="execution-details-title" className="execution-details">
      <Offcanvas.Header closeButton>
        <Offcanvas.Title id="execution-details-title" as="h2" className="h5">
          {execution ? toolLabel(execution.tool_name) : 'Execution'} <span className="text-body-secondary fw-normal">· run details</span>
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body>
        {execution ? (
          <Details execution={execution} dates={dates} />
        ) : fetched.isError ? (
          <Alert variant="danger">This execution could not be loaded: {fetched.error.message}</Alert>
        ) : (
          <Placeholder as="div" animation="glow" aria-hidden="true">
            <Placeholder xs={4} /> <Placeholder xs={7} /> <Placeholder xs={10} /> <Placeholder xs={6} />
          </Placeholder>
        )}
      </Offcanvas.Body>
    </Offcanvas>
  );
}
