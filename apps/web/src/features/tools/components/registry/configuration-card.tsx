import { useEffect, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { TOOL_MESSAGES, type Environment, type Tool, type ToolConfiguration } from '@admin-portal/contract/tools/api';
import { ApiError } from '../../../../shared/api/api-result.ts';
import { fieldErrorMap } from '../../../../shared/forms/field-errors.ts';
import { notify } from '../../../../shared/notifications/notifications-store.ts';
import { TOAST_TITLES } from '../../../../shared/notifications/toast-titles.ts';
import type { JsonSchema } from '../../../../shared/ui/schema-form.tsx';
import { useCreateConfiguration, useDeleteConfiguration, useUpdateConfiguration } from '../../api/tools-api.ts';
import { checkSecretRows, secretErrorsFromServer, secretRowsFrom, type SecretRow } from '../../lib/registry/configuration-secrets.ts';
import { errorsWithin } from '../../lib/registry/errors.ts';
import { configurationCallChanges, holdsApproval } from '../../lib/registry/tool-form.ts';
import { ENVIRONMENT_LABELS } from '../../lib/registry/tool-display.ts';
import { OverridesEditor } from './overrides-editor.tsx';
import { SecretsEditor } from './secrets-editor.tsx';

interface Props {
  tool: Tool;
  environment: Environment;
  configuration: ToolConfiguration | undefined;
  configSchema: JsonSchema | undefined;
  referencedSecrets: readonly string[];
  canEdit: boolean;
  /** The user may approve this tool: their changes keep it approved. */
  canApprove?: boolean;
}

/**
 * One environment of a tool: not configured yet (the tool's settings, no secrets), or its overrides and secrets. A
 * configuration whose secrets were approved for another call says so: they are not sent until the tool is approved
 * again or they are entered again.
 */
export function ConfigurationCard(props: Props) {
  const { tool, environment, configuration, canEdit } = props;
  const [creating, setCreating] = useState(false);
  // A new configuration's form stays open until the saved one arrives (then that one shows, with its secrets masked).
  useEffect(() => {
    if (configuration) setCreating(false);
  }, [configuration]);
  const label = ENVIRONMENT_LABELS[environment];
  const titleId = `configuration-${environment}-title`;
  return (
    <Card as="section" className="mb-3 configuration-card" aria-labelledby={titleId}>
      <Card.Header className="d-flex flex-wrap align-items-center gap-2 bg-body">
        <h3 id={titleId} className="h6 mb-0">
          {label}
        </h3>
        {configuration ? (
          configuration.is_active ? (
            <span className="badge rounded-pill border bg-success-subtle text-success-emphasis border-success-subtle">Configured</span>
          ) : (
            <span className="badge rounded-pill border border-secondary text-body-secondary">Inactive</span>
          )
        ) : (
          <span className="badge rounded-pill border bg-secondary-subtle text-secondary-emphasis border-secondary-subtle">Not configured</span>
        )}
        {configuration && !configuration.secrets_approved && (
          <span className="badge rounded-pill border bg-warning-subtle text-warning-emphasis border-warning-subtle">Secrets held back</span>
        )}
      </Card.Header>
      <Card.Body>
        {configuration && !configuration.secrets_approved && (
          <Alert variant="warning" className="small py-2">
            {TOOL_MESSAGES.secretsNotApproved}.
          </Alert>
        )}
        {configuration || creating ? (
          <ConfigurationForm
            key={configuration ? `${configuration.id}:${configuration.updated_at}` : 'new'}
            {...props}
            onCancelNew={() => setCreating(false)}
          />
        ) : (
          <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
            <p className="small text-body-secondary mb-0">Runs in {environment} use the tool’s own settings, without secrets.</p>
            {canEdit && (
              <Button variant="outline-primary" size="sm" onClick={() => setCreating(true)}>
                Configure {label.toLowerCase()}
                <span className="visually-hidden"> for {tool.name}</span>
              </Button>
            )}
          </div>
        )}
      </Card.Body>
    </Card>
  );
}

function ConfigurationForm({
  tool,
  environment,
  configuration,
  configSchema,
  referencedSecrets,
  canEdit,
  canApprove = false,
  onCancelNew,
}: Props & { onCancelNew: () => void }) {
  const create = useCreateConfiguration();
  const update = useUpdateConfiguration();
  const remove = useDeleteConfiguration();
  const [overrides, setOverrides] = useState<Record<string, unknown>>(() => structuredClone(configuration?.config ?? {}));
  const [rows, setRows] = useState<SecretRow[]>(() => secretRowsFrom(configuration?.secrets));
  const [active, setActive] = useState(configuration?.is_active ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const label = ENVIRONMENT_LABELS[environment];
  const prefix = `configuration-${environment}`;
  const busy = create.isPending || update.isPending || remove.isPending;
  // What the server will do: a change to what an approved tool calls, by someone who may not approve it, sends it back.
  const guarded = holdsApproval(tool.status) && !canApprove;
  const sendsBack = guarded && configurationCallChanges(configuration, { config: overrides, is_active: active });

  async function onSave(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const secrets = checkSecretRows(rows);
    if (!secrets.ok) {
      setErrors(secrets.errors);
      return;
    }
    setErrors({});
    try {
      const saved = configuration
        ? await update.mutateAsync({ id: configuration.id, body: { config: overrides, secrets: secrets.secrets, is_active: active } })
        : await create.mutateAsync({ tool_id: tool.id, environment, config: overrides, secrets: secrets.secrets, is_active: active });
      const sentBack = holdsApproval(tool.status) && saved.tool_status === 'pending_approval';
      notify(
        sentBack
          ? { type: 'warning', title: TOAST_TITLES.configurationSaved, message: `“${tool.name}”: ${TOOL_MESSAGES.configurationSentBack.toLowerCase()}.` }
          : { type: 'success', title: TOAST_TITLES.configurationSaved, message: `The ${environment} configuration of “${tool.name}” has been saved.` },
      );
    } catch (err) {
      const fields = err instanceof ApiError ? fieldErrorMap(err.validationErrors) : {};
      setErrors({ ...fields, ...secretErrorsFromServer(fields, rows) });
      const placed = Object.keys(fields).some((f) => f.startsWith('config.') || f.startsWith('secrets.'));
      if (!placed) setFailure(err instanceof Error ? err.message : String(err));
    }
  }

  async function onDelete() {
    if (!configuration) return;
    setFailure(null);
    try {
      const removed = await remove.mutateAsync(configuration.id);
      notify(
        removed.message === TOOL_MESSAGES.configurationDeletedSentBack
          ? {
              type: 'warning',
              title: TOAST_TITLES.configurationDeleted,
              message: `“${tool.name}”: ${TOOL_MESSAGES.configurationDeletedSentBack.toLowerCase()}.`,
            }
          : {
              type: 'success',
              title: TOAST_TITLES.configurationDeleted,
              message: `The ${environment} configuration of “${tool.name}” and its secrets have been deleted.`,
            },
      );
    } catch (err) {
      setFailure(err instanceof Error ? err.message : String(err));
      setConfirmDelete(false);
    }
  }

  return (
    <Form noValidate onSubmit={(e) => void onSave(e)} aria-label={`${label} configuration`}>
      {failure && (
        <Alert variant="danger" dismissible onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
      <Form.Check
        type="switch"
        id={`${prefix}-active`}
        className="mb-3"
        label={`Active: runs in ${environment} use this configuration`}
        checked={active}
        disabled={!canEdit}
        onChange={(e) => setActive(e.target.checked)}
      />
      <OverridesEditor
        idPrefix={prefix}
        schema={configSchema}
        base={tool.config}
        overrides={overrides}
        errors={errorsWithin(errors, 'config')}
        readOnly={!canEdit}
        onChange={(next, key) => {
          setOverrides(next);
          setErrors((e) => Object.fromEntries(Object.entries(e).filter(([f]) => f !== `config.${key}` && !f.startsWith(`config.${key}.`))));
        }}
      />
      <SecretsEditor
        idPrefix={prefix}
        rows={rows}
        errors={errors}
        referenced={referencedSecrets}
        readOnly={!canEdit}
        onChange={(next, cleared) => {
          setRows(next);
          if (cleared) setErrors((e) => Object.fromEntries(Object.entries(e).filter(([f]) => f !== cleared && f !== `name:${cleared}`)));
        }}
      />
      {canEdit && (
        <div className="d-flex flex-wrap align-items-center gap-2 pt-2 border-top">
          {configuration &&
            (confirmDelete ? (
              <span className="d-flex flex-wrap align-items-center gap-2 me-auto" role="group" aria-label={`Confirm deleting the ${environment} configuration`}>
                <span className="small">
                  Delete this configuration and its secrets?{guarded && configuration.is_active && ' The tool goes back for approval.'}
                </span>
                <Button variant="danger" size="sm" onClick={() => void onDelete()} disabled={busy}>
                  Delete {environment} configuration
                </Button>
                <Button variant="outline-secondary" size="sm" onClick={() => setConfirmDelete(false)} autoFocus>
                  Keep it
                </Button>
              </span>
            ) : (
              <Button variant="outline-danger" size="sm" className="me-auto" onClick={() => setConfirmDelete(true)} disabled={busy}>
                Delete…
              </Button>
            ))}
          {sendsBack && (
            <span className={`small text-warning-emphasis${configuration ? '' : ' me-auto'}`} role="note">
              Saving sends this {tool.status} tool back for approval.
            </span>
          )}
          {!configuration && (
            <Button variant="outline-secondary" size="sm" className={sendsBack ? '' : 'ms-auto'} onClick={onCancelNew}>
              Cancel
            </Button>
          )}
          <Button type="submit" variant="primary" size="sm" disabled={busy}>
            {(create.isPending || update.isPending) && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            Save {environment} configuration
          </Button>
        </div>
      )}
    </Form>
  );
}
