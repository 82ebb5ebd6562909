import type { ReactNode } from 'react';
import type { ToolExecution } from '@admin-portal/contract/tools/api';
import type { DateFormats } from '../../../../shared/lib/date-formats.ts';
import { headerLines, requestLine } from '../../lib/registry/test-input.ts';
import { formatJson, formatLatency } from '../../lib/registry/tool-display.ts';
import { ExecutionStatusBadge } from './tool-badges.tsx';

function CodeBlock({ label, children }: { label: string; children: string }) {
  return (
    <pre className="tool-code mb-3" tabIndex={0} role="group" aria-label={label}>
      <code>{children}</code>
    </pre>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mb-3">
      <h4 className="h6 fw-semibold mb-2">{title}</h4>
      {children}
    </section>
  );
}

/** One test run as recorded: how it ended, its output, and the request and response exactly as exchanged. */
export function TestResult({ execution, dateFormat }: { execution: ToolExecution; dateFormat: DateFormats }) {
  const request = execution.request;
  const response = execution.response;
  const requestHeaders = headerLines(request?.headers);
  const responseHeaders = headerLines(response?.headers);
  return (
    <section className="test-result border-top pt-3 mt-4" aria-labelledby="test-result-title" data-testid="test-result">
      <h3 id="test-result-title" className="h6 mb-3">
        Result
      </h3>
      <dl className="test-summary mb-3">
        <div>
          <dt>Status</dt>
          <dd>
            <ExecutionStatusBadge status={execution.status} />
          </dd>
        </div>
        <div>
          <dt>Latency</dt>
          <dd className="tabular-nums">{formatLatency(execution.latency_ms)}</dd>
        </div>
        <div>
          <dt>Attempts</dt>
          <dd className="tabular-nums">{execution.attempts}</dd>
        </div>
        <div>
          <dt>Environment</dt>
          <dd>{execution.environment ?? '—'}</dd>
        </div>
        <div>
          <dt>Ran</dt>
          <dd>
            <time dateTime={execution.created_at}>{dateFormat.full.format(new Date(execution.created_at))}</time>
          </dd>
        </div>
      </dl>
      {execution.error && (
        <div className="alert alert-danger py-2" role="alert">
          {execution.error}
        </div>
      )}
      <Part title="Output">
        {execution.output === null || execution.output === undefined ? (
          <p className="small text-body-secondary">No output.</p>
        ) : (
          <CodeBlock label="Output">{formatJson(execution.output)}</CodeBlock>
        )}
      </Part>
      <Part title="Request sent">
        {request ? (
          <>
            <CodeBlock label="Request line">{requestLine(request)}</CodeBlock>
            {requestHeaders && <CodeBlock label="Request headers">{requestHeaders}</CodeBlock>}
            {request.body !== undefined && request.body !== null && <CodeBlock label="Request body">{formatJson(request.body)}</CodeBlock>}
            <p className="small text-body-secondary">Secret values and credential headers are shown as [redacted].</p>
          </>
        ) : (
          <p className="small text-body-secondary">Nothing was sent over the network (this type runs in place, or the run stopped before calling out).</p>
        )}
      </Part>
      {response && (
        <Part title="Response received">
          <p className="mb-2">
            HTTP status <strong className="tabular-nums">{response.status ?? '—'}</strong>
            {response.truncated && (
              <span className="ms-2 badge rounded-pill border bg-warning-subtle text-warning-emphasis border-warning-subtle">Body cut: too large to keep</span>
            )}
          </p>
          {responseHeaders && <CodeBlock label="Response headers">{responseHeaders}</CodeBlock>}
          {response.body !== undefined && response.body !== null && <CodeBlock label="Response body">{formatJson(response.body)}</CodeBlock>}
        </Part>
      )}
    </section>
  );
}
