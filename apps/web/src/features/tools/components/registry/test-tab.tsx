import { useId, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ENVIRONMENTS, type Environment, type Tool, type ToolExecution } from '@admin-portal/contract/tools/api';
import { ApiError } from '../../../../shared/api/api-result.ts';
import { fieldErrorMap } from '../../../../shared/forms/field-errors.ts';
import { emptyValue, SchemaForm, type JsonSchema } from '../../../../shared/ui/schema-form.tsx';
import { useTestTool, useToolConfigurations } from '../../api/tools-api.ts';
import type { DateFormats } from '../../../../shared/lib/date-formats.ts';
import { errorsWithin } from '../../lib/registry/errors.ts';
import { cleanInput, formCanShow, parseJsonInput } from '../../lib/registry/test-input.ts';
import { ENVIRONMENT_LABELS, executionStatusLabel, formatLatency } from '../../lib/registry/tool-display.ts';
import { TestResult } from './test-result.tsx';

interface Props {
  tool: Tool;
  canRun: boolean;
  dateFormat: DateFormats;
}

/**
 * The test console: an environment, the input (a form generated from the tool's input schema, or JSON), Run. The
 * answer is the recorded execution: status, latency, output, and exactly what was sent and received (secrets
 * redacted by the server). Tests run whatever the tool's status, so a draft can be tried before it is submitted.
 */
export function TestTab({ tool, canRun, dateFormat }: Props) {
  const run = useTestTool();
  const configurations = useToolConfigurations(tool.id);
  const schema = tool.input_schema as JsonSchema;
  const [environment, setEnvironment] = useState<Environment>('development');
  const [mode, setMode] = useState<'form' | 'json'>(() => (formCanShow(schema) ? 'form' : 'json'));
  const [input, setInput] = useState<Record<string, unknown>>(() => (emptyValue({ ...schema, type: 'object' }) as Record<string, unknown>) ?? {});
  const [jsonText, setJsonText] = useState('{}');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [jsonError, setJsonError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<ToolExecution | null>(null);
  const jsonId = useId();

  const configured = (env: Environment) => configurations.data?.items.find((c) => c.environment === env && c.is_active);

  function switchMode() {
    if (mode === 'form') {
      setJsonText(JSON.stringify(cleanInput(schema, input), null, 2));
      setJsonError(null);
      setMode('json');
      return;
    }
    const parsed = parseJsonInput(jsonText);
    if (!parsed.ok) {
      setJsonError(parsed.message);
      return;
    }
    setInput(parsed.value);
    setMode('form');
  }

  async function onRun(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    let body: Record<string, unknown>;
    if (mode === 'json') {
      const parsed = parseJsonInput(jsonText);
      if (!parsed.ok) {
        setJsonError(parsed.message);
        return;
      }
      body = parsed.value;
    } else {
      body = cleanInput(schema, input);
    }
    setErrors({});
    setJsonError(null);
    try {
      setResult(await run.mutateAsync({ id: tool.id, input: body, environment }));
    } catch (err) {
      const fields = err instanceof ApiError ? fieldErrorMap(err.validationErrors) : {};
      const inputErrors = errorsWithin(fields, 'input');
      setErrors(inputErrors);
      if (mode === 'json' && Object.keys(inputErrors).length > 0) {
        setJsonError(
          Object.entries(inputErrors)
            .map(([f, m]) => `${f}: ${m}`)
            .join('; '),
        );
      }
      // The server's own summary too: an error may concern no field of the form (an extra property, a nested item).
      setFailure(err instanceof Error ? err.message : String(err));
      setResult(null);
    }
  }

  if (!canRun) {
    return <p className="text-body-secondary">Running tests needs the tool:manage permission. Recorded runs show on the Tool Analytics page.</p>;
  }

  return (
    <>
      <Form noValidate onSubmit={(e) => void onRun(e)} aria-label="Test console">
        <Form.Group controlId={`test-environment-${tool.id}`} className="mb-3">
          <Form.Label>Environment</Form.Label>
          <Form.Select
            className="w-auto"
            value={environment}
            onChange={(e) => setEnvironment(e.target.value as Environment)}
            aria-describedby={`test-environment-${tool.id}-help`}
          >
            {ENVIRONMENTS.map((env) => (
              <option key={env} value={env}>
                {ENVIRONMENT_LABELS[env]}
                {configurations.data && !configured(env) ? ' (not configured)' : ''}
              </option>
            ))}
          </Form.Select>
          <Form.Text id={`test-environment-${tool.id}-help`}>
            {configured(environment)
              ? `Uses the ${environment} configuration: its overrides and secrets.`
              : `No active ${environment} configuration: the tool’s own settings, without secrets.`}
          </Form.Text>
        </Form.Group>

        <fieldset className="mb-3">
          <div className="d-flex align-items-center justify-content-between gap-2 mb-2">
            <legend className="h6 mb-0 w-auto float-none">Input</legend>
            {formCanShow(schema) && (
              <Button variant="link" size="sm" className="p-0 text-decoration-none" onClick={switchMode}>
                {mode === 'form' ? 'Edit as JSON' : 'Use the form'}
              </Button>
            )}
          </div>
          {mode === 'form' ? (
            <SchemaForm
              schema={schema}
              value={input}
              errors={errors}
              idPrefix={`test-input-${tool.id.slice(0, 8)}`}
              onChange={(v, changed) => {
                setInput(v);
                setErrors((e) => Object.fromEntries(Object.entries(e).filter(([f]) => f !== changed && !f.startsWith(`${changed}.`))));
              }}
            />
          ) : (
            <Form.Group controlId={jsonId}>
              <Form.Label className="visually-hidden">Input as JSON</Form.Label>
              <Form.Control
                as="textarea"
                rows={8}
                className="font-monospace"
                spellCheck={false}
                value={jsonText}
                isInvalid={!!jsonError}
                aria-invalid={jsonError ? true : undefined}
                aria-describedby={jsonError ? `${jsonId}-error` : undefined}
                onChange={(e) => {
                  setJsonText(e.target.value);
                  setJsonError(null);
                }}
              />
              <Form.Control.Feedback type="invalid" id={`${jsonId}-error`}>
                {jsonError}
              </Form.Control.Feedback>
            </Form.Group>
          )}
        </fieldset>

        {failure && (
          <Alert variant="danger" dismissible onClose={() => setFailure(null)}>
            {failure}
          </Alert>
        )}
        <Button type="submit" variant="primary" disabled={run.isPending}>
          {run.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          Run test
        </Button>
      </Form>

      <div role="status" className="visually-hidden">
        {result ? `Test run finished: ${executionStatusLabel(result.status)}, ${formatLatency(result.latency_ms)}` : ''}
      </div>
      {result && <TestResult key={result.id} execution={result} dateFormat={dateFormat} />}
    </>
  );
}
