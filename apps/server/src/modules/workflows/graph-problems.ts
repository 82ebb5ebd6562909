import type { ValidationError } from '@admin-portal/contract/common';
import type { GraphProblemBody } from '@admin-portal/contract/workflows/api';
import type { GraphProblem } from '@admin-portal/contract/workflows/graph';
import { HttpError } from '../../http/errors.ts';

/** Where a problem is, as a validation error's field: a connection of the sent graph, a step, or the graph. */
export function problemField(p: GraphProblemBody): string {
  if (p.connection_index !== undefined) return `graph.connections.${p.connection_index}`;
  if (p.step_id !== undefined) return `steps.${p.step_id}`;
  return 'graph';
}

/** Problems as the API shows them, with step ids translated back to the keys the client sent. */
export function presentProblems(problems: readonly GraphProblem[], clientKeys?: ReadonlyMap<string, string>): GraphProblemBody[] {
  return problems.map((p) => {
    const out: GraphProblemBody = { code: p.code, message: p.message };
    if (p.step_id !== undefined) out.step_id = clientKeys?.get(p.step_id) ?? p.step_id;
    if (p.connection_index !== undefined) out.connection_index = p.connection_index;
    if (p.field !== undefined) out.field = p.field;
    return out;
  });
}

/** 422 `{detail, validation_errors, problems}`: the graph cannot be saved or activated as it is. */
export function graphProblemsError(what: string, problems: readonly GraphProblem[], clientKeys?: ReadonlyMap<string, string>): HttpError {
  const shown = presentProblems(problems, clientKeys);
  const validationErrors: ValidationError[] = shown.map((p) => ({ field: problemField(p), message: p.message }));
  const more = shown.length > 1 ? ` (and ${shown.length - 1} more)` : '';
  return new HttpError(422, `${what}: ${shown[0]!.message}${more}`, validationErrors, { problems: shown });
}
