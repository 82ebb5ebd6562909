import { useRef, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { TOOL_MESSAGES, type Tool, type ToolTypeDescription } from '@admin-portal/contract/tools/api';
import { ApiError } from '../../../../shared/api/api-result.ts';
import { fieldErrorMap } from '../../../../shared/forms/field-errors.ts';
import { notify } from '../../../../shared/notifications/notifications-store.ts';
import { TOAST_TITLES } from '../../../../shared/notifications/toast-titles.ts';
import { useUpdateTool } from '../../api/tools-api.ts';
import { unplacedErrors } from '../../lib/registry/errors.ts';
import { checkToolForm, definitionChanges, formFromTool, needsApprovalAgain, type ToolFormErrors, type ToolFormValues } from '../../lib/registry/tool-form.ts';
import { focusFirstInvalid } from './focus-invalid.ts';
import { isDefinitionField, ToolDefinitionFields } from './tool-definition-fields.tsx';

interface Props {
  tool: Tool;
  types: readonly ToolTypeDescription[] | undefined;
  canEdit: boolean;
  /** The user may approve this tool: their changes keep it approved (recorded in the audit log). */
  canApprove?: boolean;
}

/**
 * The Definition tab: the tool as registered, editable by those who manage tools. Only what changed is sent, so
 * saving an untouched approved tool keeps its approval; a real change to an approved (or disabled) tool by someone
 * who may not approve it sends it back for approval, which the form says before saving and the toast confirms.
 */
export function DefinitionTab({ tool, types, canEdit, canApprove = false }: Props) {
  const update = useUpdateTool();
  const [values, setValues] = useState<ToolFormValues>(() => formFromTool(tool));
  const [errors, setErrors] = useState<ToolFormErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<string[] | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const checked = checkToolForm(values);
  const changes = checked.ok ? definitionChanges(tool, checked.body) : null;
  const dirty = changes === null || Object.keys(changes).length > 0;
  const resubmit = changes !== null && needsApprovalAgain(tool, changes, canApprove);

  async function onSave(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setSubmitted(true);
    if (!checked.ok) {
      setErrors(checked.errors);
      focusFirstInvalid(form.current);
      return;
    }
    if (!changes || Object.keys(changes).length === 0) return;
    try {
      const saved = await update.mutateAsync({ id: tool.id, body: changes });
      const sentBack = saved.status === 'pending_approval' && tool.status !== 'pending_approval';
      notify({
        type: sentBack ? 'warning' : 'success',
        title: TOAST_TITLES.toolUpdated,
        message: sentBack ? `“${saved.name}”: ${TOOL_MESSAGES.sentBack.toLowerCase()}.` : `“${saved.name}” has been saved.`,
      });
      setValues(formFromTool(saved));
      setSubmitted(false);
    } catch (err) {
      const fields = err instanceof ApiError ? fieldErrorMap(err.validationErrors) : {};
      setErrors(fields);
      const rest = unplacedErrors(fields, isDefinitionField);
      if (Object.keys(fields).length === 0) setFailure([err instanceof Error ? err.message : String(err)]);
      else if (rest.length > 0) setFailure(rest);
      focusFirstInvalid(form.current);
    }
  }

  const reset = () => {
    setValues(formFromTool(tool));
    setErrors({});
    setSubmitted(false);
    setFailure(null);
  };

  return (
    <Form ref={form} noValidate onSubmit={(e) => void onSave(e)}>
      {!canEdit && <p className="small text-body-secondary">Read only: changing tools needs the tool:manage permission.</p>}
      {failure && (
        <Alert variant="danger" dismissible onClose={() => setFailure(null)}>
          {failure.length === 1 ? failure[0] : failure.map((f) => <div key={f}>{f}</div>)}
        </Alert>
      )}
      <ToolDefinitionFields
        idPrefix={`tool-${tool.id.slice(0, 8)}`}
        values={values}
        errors={errors}
        types={types}
        typeEditable={canEdit}
        readOnly={!canEdit}
        showErrors={submitted}
        onChange={(v, e) => {
          setValues(v);
          setErrors(e);
        }}
      />
      {canEdit && (
        <div className="d-flex flex-wrap align-items-center gap-2 pt-2 border-top tool-form-actions">
          {resubmit && (
            <span className="small text-warning-emphasis me-auto" role="note">
              Saving sends this {tool.status} tool back for approval.
            </span>
          )}
          <Button variant="outline-secondary" className={resubmit ? '' : 'ms-auto'} onClick={reset} disabled={!dirty || update.isPending}>
            Discard changes
          </Button>
          <Button type="submit" variant="primary" disabled={!dirty || update.isPending}>
            {update.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            Save changes
          </Button>
        </div>
      )}
    </Form>
  );
}
