import { lazy, Suspense, useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import type { ApiKey } from '@admin-portal/contract/tools/api';
import { formatDateTime } from '../../../shared/lib/date-formats.ts';
import { usePreferences } from '../../../shared/preferences/preferences.ts';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table/data-table.tsx';
import { RetryAlert } from '../../../shared/ui/retry-alert.tsx';
import { useApiKeys } from '../api/tool-activity-api.ts';
import { activityDateFormats } from '../lib/activity-format.ts';
import { environmentLabel, maskedKey, scopeLabel, sortApiKeys } from '../lib/mcp-access.ts';
import { useUnmountWhenClosed } from '../../../shared/hooks/use-unmount-when-closed.ts';

// The dialogs (the new key's schema, zod and react-bootstrap's Modal with them) download when one is first opened.
const CreateApiKeyDialog = lazy(async () => ({ default: (await import('./create-api-key-dialog.tsx')).CreateApiKeyDialog }));
const RevokeApiKeyDialog = lazy(async () => ({ default: (await import('./revoke-api-key-dialog.tsx')).RevokeApiKeyDialog }));

type Dialog = { kind: 'create' } | { kind: 'revoke'; key: ApiKey };
/** `seq` mounts each opening afresh; `open: false` lets the dialog animate out first. */
type OpenDialog = Dialog & { seq: number; open: boolean };

/** The organization's API keys (administrators): masked, with who made them and when they were last used; create and revoke. */
export function ApiKeysSection({ mcpUrl }: { mcpUrl: string | null }) {
  const keys = useApiKeys(true);
  const preferences = usePreferences().data;
  const dates = useMemo(() => activityDateFormats(preferences), [preferences]);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  useUnmountWhenClosed(dialog, setDialog);
  const open = (next: Dialog) => setDialog((d) => ({ ...next, seq: (d?.seq ?? 0) + 1, open: true }) as OpenDialog);
  const close = () => setDialog((d) => d && { ...d, open: false });
  const rows = useMemo(() => sortApiKeys(keys.data?.items ?? []), [keys.data]);
  const columns = useMemo<DataColumn<ApiKey>[]>(
    () => [
      { id: 'name', header: 'Name', className: 'fw-semibold', cell: (key) => key.name },
      { id: 'key', header: 'Key', cell: (key) => <code className="text-body">{maskedKey(key)}</code> },
      {
        id: 'scopes',
        header: 'Scopes',
        cell: (key) => (
          <span className="d-inline-flex flex-wrap gap-1">
            {key.scopes.map((s) => (
              <span key={s} className="badge rounded-pill border bg-info-subtle text-info-emphasis border-info-subtle">
                {scopeLabel(s)}
              </span>
            ))}
          </span>
        ),
      },
      { id: 'environment', header: 'Environment', className: 'text-nowrap', cell: (key) => environmentLabel(key.environment) },
      {
        id: 'created',
        header: 'Created by',
        className: 'small',
        cell: (key) => (
          <>
            <div>{key.created_by_email ?? '—'}</div>
            <time dateTime={key.created_at} className="text-body-secondary" title={dates.full.format(new Date(key.created_at))}>
              {dates.dateTime.format(new Date(key.created_at))}
            </time>
          </>
        ),
      },
      {
        id: 'last_used',
        header: 'Last used',
        className: 'small text-nowrap',
        cell: (key) =>
          key.last_used_at ? (
            <time dateTime={key.last_used_at} title={dates.full.format(new Date(key.last_used_at))}>
              {formatDateTime(key.last_used_at, dates.dateTime)}
            </time>
          ) : (
            'Never'
          ),
      },
      {
        id: 'status',
        header: 'Status',
        className: 'small text-nowrap',
        cell: (key) =>
          key.revoked_at ? (
            <span className="badge rounded-pill border border-secondary text-body-secondary bg-transparent" title={dates.full.format(new Date(key.revoked_at))}>
              Revoked {dates.day.format(new Date(key.revoked_at))}
            </span>
          ) : (
            <span className="badge rounded-pill border bg-success-subtle text-success-emphasis border-success-subtle">Active</span>
          ),
      },
      {
        id: 'actions',
        header: 'Actions',
        hideHeader: true,
        align: 'end',
        cell: (key) =>
          !key.revoked_at && (
            <Button variant="outline-danger" size="sm" onClick={() => open({ kind: 'revoke', key })}>
              Revoke<span className="visually-hidden"> {key.name}</span>
            </Button>
          ),
      },
    ],
    [dates],
  );

  return (
    <section aria-labelledby="api-keys-title">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <h3 id="api-keys-title" className="h6 fw-semibold mb-0">
          API keys
        </h3>
        <Button variant="primary" size="sm" onClick={() => open({ kind: 'create' })}>
          <span aria-hidden="true" className="me-1">
            +
          </span>
          Create API key
        </Button>
      </div>
      <p className="small text-body-secondary">
        MCP clients and the public intake API (<code>/api/public/v1</code>) authenticate with these keys. A key calls tools with their configuration for the
        key’s environment.
      </p>

      {keys.isError ? (
        <RetryAlert className="mb-0" onRetry={keys.refetch}>
          API keys could not be loaded: {keys.error.message}
        </RetryAlert>
      ) : (
        <div className="border rounded">
          <DataTable
            label="API keys"
            scrollable
            className="table-sm api-keys-table"
            rows={keys.isPending ? undefined : rows}
            getRowId={(key) => key.id}
            columns={columns}
            loading={keys.isPending}
            busy={keys.isFetching}
            rowClassName={(key) => (key.revoked_at ? 'text-body-secondary' : undefined)}
            empty="No API keys yet. Create one to connect an MCP client or to send applications."
          />
        </div>
      )}

      <Suspense fallback={null}>
        {dialog?.kind === 'create' && <CreateApiKeyDialog key={dialog.seq} show={dialog.open} mcpUrl={mcpUrl} onClose={close} />}
        {dialog?.kind === 'revoke' && <RevokeApiKeyDialog key={dialog.seq} show={dialog.open} apiKey={dialog.key} onClose={close} />}
      </Suspense>
    </section>
  );
}
