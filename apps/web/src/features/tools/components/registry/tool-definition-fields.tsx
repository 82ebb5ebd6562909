import Alert from 'react-bootstrap/Alert';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import type { ToolTypeDescription } from '@admin-portal/contract/tools/api';
import type { ToolTypeName } from '@admin-portal/contract/tools/tool-types/tool-type';
import { maxLengthOf } from '@admin-portal/contract/input-rules';
import { createToolSchema } from '@admin-portal/contract/tools/api';
import { withoutError } from '../../../../shared/forms/field-errors.ts';
import { SchemaForm, type JsonSchema } from '../../../../shared/ui/schema-form.tsx';
import { errorsWithin } from '../../lib/registry/errors.ts';
import { referencedSecrets } from '../../lib/registry/configuration-secrets.ts';
import { schemaServerError } from '../../lib/registry/schema-text.ts';
import type { ToolFormErrors, ToolFormValues } from '../../lib/registry/tool-form.ts';
import { SchemaEditor } from './schema-editor.tsx';

interface Props {
  /** Makes control ids unique (the register dialog and the detail panel may both be in the page). */
  idPrefix: string;
  values: ToolFormValues;
  errors: ToolFormErrors;
  types: readonly ToolTypeDescription[] | undefined;
  /** Whether the type can change here (its config then starts again from the type's defaults). */
  typeEditable: boolean;
  readOnly?: boolean;
  /** After a submit: show every check's error, not only those of fields already typed in. */
  showErrors: boolean;
  onChange: (values: ToolFormValues, errors: ToolFormErrors) => void;
}

/** The fields the form shows errors on; anything else goes to the alert at its top. */
export const isDefinitionField = (field: string): boolean =>
  ['name', 'description', 'tool_type', 'config', 'input_schema', 'output_schema'].some((f) => field === f || field.startsWith(`${f}.`));

/**
 * A tool's definition: its MCP name and description, its type, the type's settings as a form generated from the
 * type's config schema, and the input (and optional output) JSON Schema as checked text.
 */
export function ToolDefinitionFields({ idPrefix, values, errors, types, typeEditable, readOnly = false, showErrors, onChange }: Props) {
  const type = types?.find((t) => t.type === values.tool_type);
  const set = (patch: Partial<ToolFormValues>, field: string) => onChange({ ...values, ...patch }, withoutError(errors, field));
  const field = (name: 'name' | 'description') => ({
    isInvalid: !!errors[name],
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': `${errors[name] ? `${idPrefix}-${name}-error ` : ''}${idPrefix}-${name}-help`,
  });
  const configErrors = errorsWithin(errors, 'config');
  const secrets = referencedSecrets(values.config);

  const changeType = (next: ToolTypeName) => {
    const description = types?.find((t) => t.type === next);
    onChange({ ...values, tool_type: next, config: structuredClone(description?.defaults ?? {}) }, withoutError(withoutError(errors, 'config'), 'tool_type'));
  };

  return (
    <>
      <Row className="g-3 mb-3">
        <Col md={6}>
          <Form.Group controlId={`${idPrefix}-name`}>
            <Form.Label>Name</Form.Label>
            <Form.Control
              className="font-monospace"
              value={values.name}
              readOnly={readOnly}
              maxLength={maxLengthOf(createToolSchema.shape.name)}
              autoComplete="off"
              spellCheck={false}
              onChange={(e) => set({ name: e.target.value }, 'name')}
              {...field('name')}
            />
            <Form.Control.Feedback type="invalid" id={`${idPrefix}-name-error`}>
              {errors.name}
            </Form.Control.Feedback>
            <Form.Text id={`${idPrefix}-name-help`}>The name AI agents call it by: letters, digits, _, - and . (at most 64).</Form.Text>
          </Form.Group>
        </Col>
        <Col md={6}>
          <Form.Group controlId={`${idPrefix}-type`}>
            <Form.Label>Type</Form.Label>
            <Form.Select
              value={values.tool_type}
              disabled={readOnly || !typeEditable}
              isInvalid={!!errors.tool_type}
              aria-describedby={`${idPrefix}-type-help`}
              onChange={(e) => changeType(e.target.value as ToolTypeName)}
            >
              {(types ?? []).map((t) => (
                <option key={t.type} value={t.type}>
                  {t.label}
                </option>
              ))}
              {!type && <option value={values.tool_type}>{values.tool_type}</option>}
            </Form.Select>
            <Form.Control.Feedback type="invalid">{errors.tool_type}</Form.Control.Feedback>
            <Form.Text id={`${idPrefix}-type-help`}>{type?.description}</Form.Text>
          </Form.Group>
        </Col>
        <Col xs={12}>
          <Form.Group controlId={`${idPrefix}-description`}>
            <Form.Label>Description</Form.Label>
            <Form.Control
              as="textarea"
              rows={2}
              value={values.description}
              readOnly={readOnly}
              maxLength={maxLengthOf(createToolSchema.shape.description)}
              onChange={(e) => set({ description: e.target.value }, 'description')}
              {...field('description')}
            />
            <Form.Control.Feedback type="invalid" id={`${idPrefix}-description-error`}>
              {errors.description}
            </Form.Control.Feedback>
            <Form.Text id={`${idPrefix}-description-help`}>
              AI agents read this to decide when to call the tool: say what it does and what it answers.
            </Form.Text>
          </Form.Group>
        </Col>
      </Row>

      <fieldset className="mb-3 tool-config-fieldset">
        <legend className="h6 mb-1">{type ? `${type.label} settings` : 'Settings'}</legend>
        <p className="small text-body-secondary mb-3">
          Placeholders fill from the call: <code>{'{{input.field}}'}</code>, <code>{'{{secrets.NAME}}'}</code> (set per environment),{' '}
          <code>{'{{config.field}}'}</code> and <code>{'{{environment}}'}</code>.
        </p>
        {errors.config && (
          <Alert variant="danger" className="py-2 small">
            {errors.config}
          </Alert>
        )}
        {type ? (
          <SchemaForm
            schema={type.config_schema as JsonSchema}
            value={values.config}
            errors={configErrors}
            idPrefix={`${idPrefix}-config`}
            readOnly={readOnly}
            onChange={(config, changed) => onChange({ ...values, config }, withoutError(errors, `config.${changed.split('.')[0]}`))}
          />
        ) : (
          <p className="text-body-secondary small">Loading the type’s settings…</p>
        )}
        {secrets.length > 0 && (
          <p className="small text-body-secondary mb-0">
            Reads the secret{secrets.length === 1 ? '' : 's'}{' '}
            {secrets.map((s, i) => (
              <span key={s}>
                {i > 0 && ', '}
                <code>{s}</code>
              </span>
            ))}
            : set {secrets.length === 1 ? 'it' : 'them'} in each environment’s configuration.
          </p>
        )}
      </fieldset>

      <SchemaEditor
        id={`${idPrefix}-input-schema`}
        label="Input schema"
        kind="input"
        value={values.inputSchemaText}
        serverError={schemaServerError(errors, 'input_schema')}
        showErrors={showErrors}
        readOnly={readOnly}
        help='A JSON Schema of "type": "object": the arguments AI agents pass, and the test console’s form.'
        onChange={(text) => set({ inputSchemaText: text }, 'input_schema')}
      />
      <SchemaEditor
        id={`${idPrefix}-output-schema`}
        label="Output schema"
        kind="output"
        optional
        value={values.outputSchemaText}
        serverError={schemaServerError(errors, 'output_schema')}
        showErrors={showErrors}
        readOnly={readOnly}
        help="When given, every answer is checked against it: one that does not match counts as an error."
        onChange={(text) => set({ outputSchemaText: text }, 'output_schema')}
      />
    </>
  );
}
