import { useLayoutEffect, useRef, useState, type PointerEvent } from 'react';
import type { ApplicationDetail } from '@admin-portal/contract/applications/api';
import type { WorkflowVersion } from '@admin-portal/contract/workflows/api';
import { formatDuration } from '../lib/application-display.ts';
import { stepVisits, type StepVisit } from '../lib/case-path.ts';
import { fitZoom, nextZoom, ZOOM_LIMITS } from '../lib/path-zoom.ts';

const NODE_W = 180;
const NODE_H = 56;
const PAD = 16;

const nodeClass = (visit: StepVisit | undefined, current: boolean) =>
  current ? 'path-node path-node-current' : visit ? (visit.failed ? 'path-node path-node-failed' : 'path-node path-node-passed') : 'path-node';

/**
 * The case's path drawn on the workflow version it runs on: steps it passed (with the time spent in each), the one
 * it is at (highlighted), steps it failed, and the ones it never reached (muted). The same facts follow as a list.
 */
export function PathGraph({ graph, application, now }: { graph: WorkflowVersion; application: ApplicationDetail; now: number }) {
  const visits = stepVisits(application, now);
  const steps = graph.steps;
  const box = useRef<HTMLDivElement>(null);
  // Drawn at the builder's scale, or smaller to fit a wide workflow, never below a readable size (then it pans);
  // a narrow (vertical) workflow is never blown up to the drawer's width.
  const [zoom, setZoom] = useState<number | null>(null);
  const drag = useRef<{ x: number; y: number; left: number; top: number } | null>(null);
  const xs = steps.map((s) => s.position.x);
  const ys = steps.map((s) => s.position.y);
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  const width = Math.max(...xs) - minX + NODE_W + PAD * 2;
  const height = Math.max(...ys) - minY + NODE_H + PAD * 2;
  const current = application.current_step_id;
  const currentStep = steps.find((s) => s.id === current);

  useLayoutEffect(() => {
    const element = box.current;
    if (!element || zoom !== null) return;
    const fitted = fitZoom(width, element.clientWidth);
    setZoom(fitted);
    // The step the case is at, in view.
    if (currentStep) {
      element.scrollLeft = Math.max(0, (currentStep.position.x - minX + PAD + NODE_W / 2) * fitted - element.clientWidth / 2);
      element.scrollTop = Math.max(0, (currentStep.position.y - minY + PAD + NODE_H / 2) * fitted - element.clientHeight / 2);
    }
  }, [zoom, width, currentStep, minX, minY]);

  if (steps.length === 0) return null;
  const scale = zoom ?? 1;

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    const element = box.current;
    if (!element || event.button !== 0) return;
    drag.current = { x: event.clientX, y: event.clientY, left: element.scrollLeft, top: element.scrollTop };
    element.setPointerCapture?.(event.pointerId);
  }
  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const element = box.current;
    if (!element || !drag.current) return;
    element.scrollLeft = drag.current.left - (event.clientX - drag.current.x);
    element.scrollTop = drag.current.top - (event.clientY - drag.current.y);
  }
  const endDrag = () => {
    drag.current = null;
  };
  const at = (id: string) => {
    const s = steps.find((x) => x.id === id);
    return s ? { x: s.position.x - minX + PAD, y: s.position.y - minY + PAD } : null;
  };
  const ordered = [...visits.values()].sort((a, b) => a.firstEntered - b.firstEntered);
  return (
    <>
      <div className="path-graph-zoom btn-group btn-group-sm mb-1" role="group" aria-label="Zoom the path">
        <button
          type="button"
          className="btn btn-outline-secondary"
          aria-label="Zoom out"
          disabled={scale <= ZOOM_LIMITS.min}
          onClick={() => setZoom(nextZoom(scale, -1))}
        >
          −
        </button>
        {/* Named by what it shows, then what it does (the visible text starts the accessible name, WCAG 2.5.3). */}
        <button type="button" className="btn btn-outline-secondary" onClick={() => setZoom(fitZoom(width, box.current?.clientWidth ?? width))}>
          {Math.round(scale * 100)} %<span className="visually-hidden">, fit to width</span>
        </button>
        <button
          type="button"
          className="btn btn-outline-secondary"
          aria-label="Zoom in"
          disabled={scale >= ZOOM_LIMITS.max}
          onClick={() => setZoom(nextZoom(scale, 1))}
        >
          +
        </button>
      </div>
      <div
        ref={box}
        className="path-graph border rounded mb-2"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
      >
        <svg
          viewBox={`0 0 ${width} ${height}`}
          width={Math.round(width * scale)}
          height={Math.round(height * scale)}
          role="img"
          aria-label={`The path of this case through ${graph.name}`}
        >
          <defs>
            <marker id="path-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse">
              <path d="M 0 0 L 10 5 L 0 10 z" className="path-arrow" />
            </marker>
          </defs>
          {graph.connections.map((c) => {
            const a = at(c.source);
            const b = at(c.target);
            if (!a || !b) return null;
            const taken =
              visits.has(c.source) &&
              visits.has(c.target) &&
              (visits.get(c.source)!.branch === null || visits.get(c.source)!.branch === c.condition || c.condition === null);
            const x1 = a.x + NODE_W;
            const y1 = a.y + NODE_H / 2;
            const x2 = b.x;
            const y2 = b.y + NODE_H / 2;
            const mid = (x1 + x2) / 2;
            return (
              <path
                key={c.id}
                d={x2 > x1 ? `M ${x1} ${y1} C ${mid} ${y1}, ${mid} ${y2}, ${x2} ${y2}` : `M ${a.x + NODE_W / 2} ${a.y + NODE_H} L ${b.x + NODE_W / 2} ${b.y}`}
                className={taken ? 'path-edge path-edge-taken' : 'path-edge'}
                markerEnd="url(#path-arrow)"
              />
            );
          })}
          {steps.map((s) => {
            const p = at(s.id)!;
            const visit = visits.get(s.id);
            const isCurrent = s.id === current && application.status !== 'completed' && application.status !== 'cancelled';
            return (
              <g key={s.id} transform={`translate(${p.x} ${p.y})`} className={nodeClass(visit, isCurrent)} data-step-id={s.id}>
                <rect width={NODE_W} height={NODE_H} rx="8" />
                <text x="10" y="22" className="path-node-name">
                  {s.name.length > 24 ? `${s.name.slice(0, 23)}…` : s.name}
                </text>
                <text x="10" y="42" className="path-node-meta">
                  {s.type}
                  {visit ? ` · ${formatDuration(visit.ms)}` : ''}
                </text>
              </g>
            );
          })}
        </svg>
      </div>
      <ol className="small mb-0 ps-3" aria-label="Steps passed">
        {ordered.map((v) => (
          <li key={v.stepId} className={v.stepId === current ? 'fw-semibold' : undefined}>
            {v.name} <span className="text-body-secondary">({v.type})</span> — {formatDuration(v.ms)}
            {v.runs > 1 ? `, ${v.runs} runs` : ''}
            {v.stepId === current && application.status !== 'completed' && application.status !== 'cancelled' ? ' · current step' : ''}
            {v.failed ? ' · failed' : ''}
            {v.branch ? ` · took “${v.branch}”` : ''}
          </li>
        ))}
      </ol>
    </>
  );
}
