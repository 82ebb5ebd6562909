import { createWorkflowSchema, type CreateWorkflow } from '@admin-portal/contract/workflows/api';

/** The New workflow form as typed: empty optional fields are left out of the request, so the server's defaults apply. */
export interface CreateWorkflowValues {
  name: string;
  description: string;
  category: string;
  /** null = a blank workflow. */
  template_id: string | null;
}

export type FieldErrors = Record<string, string>;
type Checked = { ok: true; value: CreateWorkflow } | { ok: false; errors: FieldErrors };

/** The request body for POST /admin/workflows, before checking. */
export function createWorkflowBody(values: CreateWorkflowValues): Record<string, string> {
  const body: Record<string, string> = { name: values.name };
  if (values.description.trim()) body.description = values.description;
  if (values.category.trim()) body.category = values.category;
  if (values.template_id) body.template_id = values.template_id;
  return body;
}

/** Checks the form against the contract's own schema, so the browser says what the server would ('Workflow name is required'). */
export function checkCreateWorkflow(values: CreateWorkflowValues): Checked {
  const result = createWorkflowSchema.safeParse(createWorkflowBody(values));
  if (result.success) return { ok: true, value: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    if (!(field in errors)) errors[field] = issue.message;
  }
  return { ok: false, errors };
}
