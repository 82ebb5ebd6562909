import { activationProblems, type WorkflowGraph } from '@admin-portal/contract/workflows/graph';
import type { GraphProblemBody } from '@admin-portal/contract/workflows/api';
import { createStore, useStore } from '../../../shared/lib/create-store.ts';

/*
 * The problems the builder shows: found on the page with the contract's own activation checks while editing
 * (the same code the server runs), or as the server reported them on a refused save or activation. Each node
 * subscribes to its own entry, so a new list re-renders only the steps whose problems changed.
 */

export interface ProblemsState {
  list: GraphProblemBody[];
  byStep: ReadonlyMap<string, readonly string[]>;
  /** 'server' while showing what the server refused, until the next edit. */
  source: 'page' | 'server';
}

export type ProblemsStore = ReturnType<typeof createProblemsStore>;

const EMPTY: readonly string[] = [];

function index(list: readonly GraphProblemBody[]): Map<string, readonly string[]> {
  const byStep = new Map<string, string[]>();
  for (const p of list) {
    if (p.step_id === undefined) continue;
    const messages = byStep.get(p.step_id) ?? [];
    messages.push(p.message);
    byStep.set(p.step_id, messages);
  }
  return byStep;
}

/** Keeps unchanged entries by reference, so their nodes do not re-render. */
function stable(previous: ReadonlyMap<string, readonly string[]>, next: Map<string, readonly string[]>) {
  for (const [id, messages] of next) {
    const before = previous.get(id);
    if (before && before.length === messages.length && before.every((m, i) => m === messages[i])) next.set(id, before);
  }
  return next;
}

export function createProblemsStore() {
  const store = createStore<ProblemsState>({ list: [], byStep: new Map(), source: 'page' });
  const show = (list: GraphProblemBody[], source: ProblemsState['source']) => store.set((s) => ({ list, byStep: stable(s.byStep, index(list)), source }));
  return {
    store,
    /** Runs the activation checks on the page's graph. */
    check(graph: WorkflowGraph) {
      show(
        activationProblems(graph).map(({ code, message, step_id, field }) => ({ code, message, ...(step_id ? { step_id } : {}), ...(field ? { field } : {}) })),
        'page',
      );
    },
    showServer(list: GraphProblemBody[]) {
      show(list, 'server');
    },
  };
}

export function useStepProblems(problems: ProblemsStore, stepId: string): readonly string[] {
  return useStore(problems.store, (s) => s.byStep.get(stepId) ?? EMPTY);
}

export function useProblemList(problems: ProblemsStore): ProblemsState {
  return useStore(problems.store, (s) => s);
}
