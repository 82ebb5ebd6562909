import type { GraphConnection, GraphStep, WorkflowGraph } from '@admin-portal/contract/workflows/graph';

/** A template that ships with the product: upserted at start-up by its stable `key`, read-only to everyone. */
export interface ShippedTemplate {
  key: string;
  name: string;
  description: string;
  category: string;
  graph: WorkflowGraph;
}

const COLUMN = 300;
const ROW = 170;

/** A step laid out on a grid: column left to right (the flow), row top to bottom (alternative paths). */
export function step(id: string, type: string, name: string, config: Record<string, unknown>, [column, row]: [number, number]): GraphStep {
  return { id, type, name, config, position: { x: 80 + column * COLUMN, y: 80 + row * ROW } };
}

export function link(source: string, target: string, condition?: string, label?: string): GraphConnection {
  return { source, target, condition: condition ?? null, label: label ?? null };
}

/** A form field (defaults: text, required). */
export function field(key: string, label: string, type = 'text', extra: { required?: boolean; options?: string[] } = {}) {
  return { key, label, type, required: extra.required ?? true, options: extra.options ?? [] };
}

export function notify(to: string, subject: string, message: string) {
  return { channel: 'email', to, subject, message };
}
