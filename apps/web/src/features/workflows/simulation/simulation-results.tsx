/** A finished simulation run: what changes, in totals and case by case (issue 36). */
import { useMemo, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { roleLabel } from '@admin-portal/contract/role-names';
import {
  reviewsPerDayChange,
  simulationEndText,
  simulationHeadline,
  type SimulationPathStep,
  type SimulationRun,
  type SimulationSummaryBody,
} from '@admin-portal/contract/workflows/simulations';
import { formatDuration } from '../../../shared/lib/figures-format.ts';
import { useSimulationCase, useSimulationCases } from '../api/simulations-api.ts';

const PAGE = 10;
const n = (v: number) => v.toLocaleString('en-US');

function Change({ before, after }: { before: number; after: number }) {
  const d = after - before;
  if (d === 0) return <span className="text-body-secondary">±0</span>;
  return <span className={d > 0 ? 'text-warning-emphasis' : 'text-success-emphasis'}>{d > 0 ? `+${n(d)}` : `−${n(-d)}`}</span>;
}

/** A before/after table's header: the row label's column, Before, After, then `columns`. */
function BeforeAfterHead({ label, columns }: { label: string; columns: string[] }) {
  return (
    <thead>
      <tr>
        <th scope="col">{label}</th>
        {['Before', 'After', ...columns].map((c) => (
          <th key={c} scope="col" className="text-end">
            {c}
          </th>
        ))}
      </tr>
    </thead>
  );
}

interface BeforeAfterRow {
  key: string;
  name: string;
  before: number;
  after: number;
  /** The optional last column's cell. */
  extra?: string;
}

function BeforeAfterTable({
  title,
  label,
  rows,
  extra,
}: {
  title: string;
  label: string;
  rows: BeforeAfterRow[];
  /** The optional last column's header. */
  extra?: string;
}) {
  if (rows.length === 0) return null;
  return (
    <section className="mb-3">
      <h3 className="h6">{title}</h3>
      <table className="table table-sm align-middle small mb-0">
        <BeforeAfterHead label={label} columns={['Change', ...(extra ? [extra] : [])]} />
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <td>{r.name}</td>
              <td className="text-end">{n(r.before)}</td>
              <td className="text-end">{n(r.after)}</td>
              <td className="text-end">
                <Change before={r.before} after={r.after} />
              </td>
              {extra && <td className="text-end text-nowrap">{r.extra}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function EndBadge({ label }: { label: string }) {
  const tone = label === 'approved' || label === 'completed' ? 'success' : label === 'rejected' || label === 'failed' ? 'danger' : 'secondary';
  return (
    <Badge bg={tone} className="fw-normal">
      {simulationEndText(label)}
    </Badge>
  );
}

function PathList({ title, steps }: { title: string; steps: SimulationPathStep[] }) {
  return (
    <div className="col">
      <h4 className="h6">{title}</h4>
      <ol className="small mb-0 ps-3" aria-label={title}>
        {steps.map((s, i) => (
          <li key={`${s.step_id}-${i}`}>
            {s.name}
            {s.branch && <span className="text-body-secondary"> → {s.branch}</span>}
            {s.source === 'replayed' && <span className="text-body-secondary"> (replayed)</span>}
            {s.source === 'choice' && <span className="text-body-secondary"> (your choice)</span>}
          </li>
        ))}
      </ol>
    </div>
  );
}

function CasePaths({ runId, applicationId, onClose }: { runId: string; applicationId: string; onClose: () => void }) {
  const { data, isPending, error } = useSimulationCase(runId, applicationId);
  return (
    <section className="border rounded p-2 mb-3" aria-label="Paths of the case">
      <div className="d-flex align-items-center gap-2 mb-2">
        <h3 className="h6 mb-0 me-auto">
          Case <code>{applicationId.slice(0, 8)}</code>
        </h3>
        <Button size="sm" variant="outline-secondary" onClick={onClose}>
          Close
        </Button>
      </div>
      {isPending && <p className="small mb-0">Loading…</p>}
      {error && <p className="small text-danger mb-0">{error.message}</p>}
      {data && (
        <>
          <div className="row g-3">
            <PathList title="As it ran" steps={data.before_path} />
            <PathList title="On this version" steps={data.after_path} />
          </div>
          <p className="small mb-0 mt-2">
            <EndBadge label={data.before} /> → <EndBadge label={data.after} />
            {data.reason && <span className="ms-2 text-body-secondary">{data.reason}</span>}
          </p>
        </>
      )}
    </section>
  );
}

function ChangedCases({ run }: { run: SimulationRun }) {
  const [offset, setOffset] = useState(0);
  const [open, setOpen] = useState<string | null>(null);
  const { data } = useSimulationCases(run.id, true, { limit: PAGE, offset });
  if (!data || data.total === 0) return <p className="small text-body-secondary">No case ends differently.</p>;
  return (
    <section className="mb-3">
      <h3 className="h6">Changed cases ({n(data.total)})</h3>
      {open && <CasePaths runId={run.id} applicationId={open} onClose={() => setOpen(null)} />}
      <table className="table table-sm align-middle small mb-1">
        <thead>
          <tr>
            <th scope="col">Case</th>
            <th scope="col">Received</th>
            <th scope="col">Before</th>
            <th scope="col">After</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {data.items.map((c) => (
            <tr key={c.application_id}>
              <td>
                <code>{c.application_id.slice(0, 8)}</code>
              </td>
              <td className="text-nowrap">{new Date(c.created_at).toLocaleDateString()}</td>
              <td>
                <EndBadge label={c.before} />
              </td>
              <td>
                <EndBadge label={c.after} />
              </td>
              <td className="text-end">
                <Button
                  size="sm"
                  variant="outline-primary"
                  onClick={() => setOpen(c.application_id)}
                  aria-label={`Compare the paths of case ${c.application_id.slice(0, 8)}`}
                >
                  Compare paths
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {data.total > PAGE && (
        <div className="d-flex align-items-center gap-2 small">
          <Button size="sm" variant="outline-secondary" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
            Previous
          </Button>
          <span>
            {n(offset + 1)}–{n(Math.min(offset + PAGE, data.total))} of {n(data.total)}
          </span>
          <Button size="sm" variant="outline-secondary" disabled={offset + PAGE >= data.total} onClick={() => setOffset(offset + PAGE)}>
            Next
          </Button>
        </div>
      )}
    </section>
  );
}

/** Time to decision before and after: the median and the 90th percentile, and over how many cases. */
function DecisionTime({ time }: { time: SimulationSummaryBody['decision_time'] }) {
  if (!time.before && !time.after) return null;
  const cases = (t: typeof time.before) => (t ? `${n(t.cases)} ${t.cases === 1 ? 'case' : 'cases'}` : 'no case');
  return (
    <section className="mb-3">
      <h3 className="h6">Time to decision</h3>
      <table className="table table-sm align-middle small mb-1">
        <BeforeAfterHead label="" columns={[]} />
        <tbody>
          <tr>
            <th scope="row" className="fw-normal">
              Median
            </th>
            <td className="text-end">{formatDuration(time.before?.median_ms)}</td>
            <td className="text-end">{formatDuration(time.after?.median_ms)}</td>
          </tr>
          <tr>
            <th scope="row" className="fw-normal">
              90th percentile
            </th>
            <td className="text-end">{formatDuration(time.before?.p90_ms)}</td>
            <td className="text-end">{formatDuration(time.after?.p90_ms)}</td>
          </tr>
        </tbody>
      </table>
      <p className="small text-body-secondary mb-0">
        The steps' recorded times from start to end: before over the {cases(time.before)} that ended, after over the {cases(time.after)} that end on this
        version with every step's time known (a review decided by your choice has none).
      </p>
    </section>
  );
}

interface Props {
  run: SimulationRun & { summary: SimulationSummaryBody };
  /** The builder's steps in reading order. */
  steps: () => { id: string; name: string }[];
}

export function SimulationResults({ run, steps }: Props) {
  const s = run.summary;
  const order = useMemo(() => {
    const known = steps();
    return { index: new Map(known.map((k, i) => [k.id, i])), name: new Map(known.map((k) => [k.id, k.name])) };
  }, [steps]);
  const stepRows = [...s.steps].sort((a, b) => (order.index.get(a.step_id) ?? Infinity) - (order.index.get(b.step_id) ?? Infinity));
  const moved = s.transitions.filter((t) => t.from !== t.to);
  const perDay = reviewsPerDayChange(s);
  return (
    <div>
      <p className="fs-6 fw-semibold mb-1" data-testid="simulation-headline">
        {simulationHeadline(s)}
      </p>
      <p className="small text-body-secondary">
        {n(s.cases)} {s.cases === 1 ? 'case' : 'cases'} replayed on version {run.version} over {n(s.period_days)} days
        {s.not_replayable > 0 && `; ${n(s.not_replayable)} recorded before replay recording began`}. Reviews per day change by{' '}
        {perDay > 0 ? `+${perDay}` : perDay}.
        {s.sandbox_calls > 0 &&
          ` ${n(s.sandbox_calls)} ${s.sandbox_calls === 1 ? 'call was' : 'calls were'} made to sandbox tools (${run.sandbox_tools.join(', ')}).`}
      </p>
      {moved.length > 0 && (
        <section className="mb-3">
          <h3 className="h6">How the ends change</h3>
          <table className="table table-sm align-middle small mb-0">
            <thead>
              <tr>
                <th scope="col">Before</th>
                <th scope="col">After</th>
                <th scope="col" className="text-end">
                  Cases
                </th>
              </tr>
            </thead>
            <tbody>
              {moved.map((t) => (
                <tr key={`${t.from}-${t.to}`}>
                  <td>
                    <EndBadge label={t.from} />
                  </td>
                  <td>
                    <EndBadge label={t.to} />
                  </td>
                  <td className="text-end">{n(t.cases)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      <div className="row g-3">
        <div className="col-lg-6">
          <BeforeAfterTable
            title="Reviews per role"
            label="Role"
            extra="Past the deadline"
            rows={s.reviews.map((r) => ({
              key: r.role,
              name: roleLabel(r.role),
              before: r.before,
              after: r.after,
              extra: `${n(r.late_before)} → ${n(r.late_after)}`,
            }))}
          />
        </div>
        <div className="col-lg-6">
          <BeforeAfterTable
            title="Tool calls"
            label="Tool"
            extra="Mean latency"
            rows={s.tool_calls.map((t) => ({
              key: t.tool,
              name: t.tool,
              before: t.before,
              after: t.after,
              extra: `${formatDuration(t.latency_before_ms)} → ${formatDuration(t.latency_after_ms)}`,
            }))}
          />
        </div>
      </div>
      <DecisionTime time={s.decision_time} />
      <BeforeAfterTable
        title="Cases through each step"
        label="Step"
        rows={stepRows.map((st) => ({ key: st.step_id, name: order.name.get(st.step_id) ?? 'A step not in this version', before: st.before, after: st.after }))}
      />
      <ChangedCases run={run} />
    </div>
  );
}
