import type { WorkflowGraph } from '@admin-portal/contract/workflows/graph';

/** Columns of a generated draft, left to right, before it wraps to the next row. */
export const COLUMNS_PER_ROW = 4;
const COLUMN = 280;
const ROW = 400;

/**
 * A generated draft laid out to be read when the builder opens it: its columns (steps drafted at x = 0, 280, 560 …,
 * branches above and below) wrapped into rows of four, as text wraps, instead of one line a dozen steps long that
 * the builder can only fit by zooming out until nothing is legible.
 */
export function wrapIntoRows(steps: WorkflowGraph['steps']): WorkflowGraph['steps'] {
  return steps.map((step) => {
    const column = Math.max(0, Math.round(step.position.x / COLUMN));
    return { ...step, position: { x: (column % COLUMNS_PER_ROW) * COLUMN, y: Math.floor(column / COLUMNS_PER_ROW) * ROW + step.position.y } };
  });
}
