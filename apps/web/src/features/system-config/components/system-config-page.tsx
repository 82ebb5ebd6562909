import { lazy, Suspense, useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { useLatestSearchParams } from '../../../shared/hooks/use-latest-search-params.ts';
import { useQuery } from '@tanstack/react-query';
import type { ConfigEntry } from '@admin-portal/contract/system/config';
import { CONFIG_VALUE_TYPES, ENVIRONMENTS, KNOWN_CONFIG_KEYS, formatBytes, knownConfigKey } from '@admin-portal/contract/system/config-values';
import { call } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';
import { useUrlSearchText } from '../../../shared/hooks/use-url-search-text.ts';
import { auditHistoryUrl } from '../../../shared/lib/audit-history.ts';
import { pageCount } from '../../../shared/lib/pagination.ts';
import { notify } from '../../../shared/notifications/notifications-store.ts';
import { TOAST_TITLES } from '../../../shared/notifications/toast-titles.ts';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table/data-table.tsx';
import { FilterSelect } from '../../../shared/ui/filter-select.tsx';
import { PageLinks } from '../../../shared/ui/page-links.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { RetryAlert } from '../../../shared/ui/retry-alert.tsx';
import { SearchBox } from '../../../shared/ui/search-box.tsx';
import { StatCard } from '../../../shared/ui/stat-card.tsx';
import { downloadConfigFile, useConfigPage, useConfigStats, useDeleteConfig, useToggleConfig } from '../api/system-config-api.ts';
import { configListStateToParams, nextConfigSort, parseConfigListState, type ConfigListState } from '../lib/config-list-state.ts';
import { displayValue, ENVIRONMENT_LABELS, TYPE_LABELS } from '../lib/config-value.ts';
import { EffectiveValuePanel } from './effective-value-panel.tsx';
import { ProductSettingsPanel } from './product-settings-panel.tsx';
import { PAGE_HEADINGS } from '@admin-portal/contract/page-headings';
import './system-config.css';
import { useUnmountWhenClosed } from '../../../shared/hooks/use-unmount-when-closed.ts';

// The dialogs (the entry forms' schemas, zod and react-bootstrap's Modal with them) download when one is first opened.
const ConfigEntryDialog = lazy(async () => ({ default: (await import('./config-entry-dialog.tsx')).ConfigEntryDialog }));
const DeleteConfigDialog = lazy(async () => ({ default: (await import('./delete-config-dialog.tsx')).DeleteConfigDialog }));
const UploadDialog = lazy(async () => ({ default: (await import('./upload-dialog.tsx')).UploadDialog }));

const PAGE_SIZE = 25;

interface Props {
  /** A super administrator changes entries for all organizations and the product settings. */
  isSuperAdmin: boolean;
  /** The caller's own organization (where an administrator's entries go). */
  homeOrganization: { id: string; name: string };
  /** Whether the caller may read the audit log (links each entry to its history). */
  canViewAudit: boolean;
}

type Dialog = { kind: 'create' | 'edit' | 'upload' | 'delete'; entry: ConfigEntry | null; seq: number; open: boolean };

/** Spec §2 System Settings → System Configuration: typed entries by organization and environment, files, and the product settings. */
export function SystemConfigPage({ isSuperAdmin, homeOrganization, canViewAudit }: Props) {
  const [params, setParams] = useLatestSearchParams();
  const state = parseConfigListState(params);
  const update = (patch: Partial<ConfigListState>) =>
    setParams((prev) => configListStateToParams({ ...parseConfigListState(prev), ...patch }), { replace: true });
  const searchBox = useUrlSearchText(state.q, (q) => update({ q, page: 1 }));
  const query = {
    q: state.q || undefined,
    organization_id: state.organization || undefined,
    environment: state.environment || undefined,
    enabled: state.enabled || undefined,
    kind: state.kind || undefined,
    sort: state.sort,
    limit: PAGE_SIZE,
    offset: (state.page - 1) * PAGE_SIZE,
  };
  const page = useConfigPage(query);
  const stats = useConfigStats();
  const toggle = useToggleConfig();
  const remove = useDeleteConfig();
  const organizations = useQuery({
    queryKey: ['organizations', 'choices'],
    queryFn: ({ signal }) => call('GET /api/admin/organizations', { query: { limit: 200, sort: 'name' }, signal }).then(unwrap),
    enabled: isSuperAdmin,
  });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  useUnmountWhenClosed(dialog, setDialog);
  const openDialog = (kind: Dialog['kind'], entry: ConfigEntry | null = null) => setDialog((d) => ({ kind, entry, seq: (d?.seq ?? 0) + 1, open: true }));
  const closeDialog = () => setDialog((d) => d && { ...d, open: false });

  // Where a new entry can go: a super admin anywhere (all organizations first); an administrator their own organization.
  const scopes = useMemo(
    () =>
      isSuperAdmin
        ? [{ value: '', label: 'All organizations' }, ...(organizations.data?.items ?? [homeOrganization]).map((o) => ({ value: o.id, label: o.name }))]
        : [{ value: homeOrganization.id, label: homeOrganization.name }],
    [isSuperAdmin, organizations.data, homeOrganization],
  );
  const mayChange = (entry: ConfigEntry) => isSuperAdmin || entry.organization_id !== null;

  const columns = useMemo<DataColumn<ConfigEntry>[]>(
    () => [
      {
        id: 'key',
        header: 'Key',
        sortKey: 'key',
        cell: (e) => (
          <>
            <div className="fw-semibold font-monospace">{e.key}</div>
            <div className="small text-body-secondary text-truncate config-description">{e.description || knownConfigKey(e.key)?.title}</div>
          </>
        ),
      },
      {
        id: 'environment',
        header: 'Applies to',
        sortKey: 'environment',
        cell: (e) => (
          <>
            <div className="text-nowrap">{e.organization_name ?? 'All organizations'}</div>
            <div className="small text-body-secondary text-nowrap">{ENVIRONMENT_LABELS[e.environment ?? 'all']}</div>
          </>
        ),
      },
      {
        id: 'value',
        header: 'Value',
        cell: (e) => (
          <>
            {e.file ? (
              <Button
                variant="link"
                className="p-0 text-start"
                onClick={() =>
                  void downloadConfigFile(e).catch((err: Error) => notify({ type: 'error', title: TOAST_TITLES.downloadFailed, message: err.message }))
                }
              >
                <span className="d-inline-block text-truncate config-value align-bottom">{displayValue(e)}</span>
                <span className="visually-hidden"> (download)</span>
              </Button>
            ) : (
              <span className="font-monospace d-inline-block text-truncate config-value align-bottom" title={displayValue(e)}>
                {displayValue(e)}
              </span>
            )}
            <div
              className="small text-body-secondary text-nowrap"
              title={`Updated ${new Date(e.updated_at).toLocaleString()}${e.updated_by ? ` by ${e.updated_by}` : ''}`}
            >
              {TYPE_LABELS[e.value_type]} · updated {new Date(e.updated_at).toLocaleDateString()}
            </div>
          </>
        ),
      },
      {
        id: 'enabled',
        header: 'Enabled',
        cell: (e) => (
          <Form.Check
            type="switch"
            id={`enabled-${e.id}`}
            aria-label={`${e.key} (${e.organization_name ?? 'all organizations'}, ${ENVIRONMENT_LABELS[e.environment ?? 'all']}) enabled`}
            checked={e.is_enabled}
            disabled={!mayChange(e) || toggle.isPending}
            onChange={() =>
              toggle.mutate(e.id, {
                onSuccess: (saved) =>
                  notify({
                    type: 'success',
                    title: saved.is_enabled ? TOAST_TITLES.configEntryEnabled : TOAST_TITLES.configEntryDisabled,
                    message: `${saved.key} is now ${saved.is_enabled ? 'enabled' : 'disabled'}.`,
                  }),
                onError: (err) => notify({ type: 'error', title: TOAST_TITLES.notChanged, message: err.message }),
              })
            }
          />
        ),
      },
      {
        id: 'actions',
        header: 'Actions',
        hideHeader: true,
        align: 'end',
        className: 'text-nowrap',
        cell: (e) => (
          <div className="btn-group btn-group-sm" role="group" aria-label={`Actions for ${e.key}`}>
            {canViewAudit && (
              <Link className="btn btn-outline-secondary" to={auditHistoryUrl('system_config', e.id)} aria-label={`History of ${e.key}`}>
                History
              </Link>
            )}
            {mayChange(e) && e.value_type !== 'file' && (
              <Button variant="outline-secondary" onClick={() => openDialog('edit', e)} aria-label={`Edit ${e.key}`}>
                Edit
              </Button>
            )}
            {mayChange(e) && (
              <Button variant="outline-danger" onClick={() => openDialog('delete', e)} aria-label={`Delete ${e.key}`}>
                Delete
              </Button>
            )}
          </div>
        ),
      },
    ],
    [toggle, canViewAudit, isSuperAdmin],
  );

  const data = page.data;
  const total = data?.total ?? 0;
  const pages = pageCount(total, PAGE_SIZE);
  const s = stats.data;

  return (
    <>
      <header className="page-header d-flex flex-wrap align-items-start justify-content-between gap-3 mb-4">
        <div>
          <h1 className="h3 mb-1">{PAGE_HEADINGS['/settings/system-config'].heading}</h1>
          <p className="text-body-secondary mb-0">{PAGE_HEADINGS['/settings/system-config'].lead}</p>
        </div>
        <div className="d-flex gap-2">
          <Button variant="outline-secondary" onClick={() => openDialog('upload')}>
            Upload file
          </Button>
          <Button variant="primary" onClick={() => openDialog('create')}>
            <span aria-hidden="true" className="me-1">
              +
            </span>
            New entry
          </Button>
        </div>
      </header>

      <div className="row g-3 mb-4" aria-label="Configuration figures">
        <div className="col-sm-6 col-xl-3">
          <StatCard id="config-total" title="Entries" value={s ? s.total : '—'}>
            {s && `${s.enabled} enabled, ${s.disabled} disabled`}
          </StatCard>
        </div>
        <div className="col-sm-6 col-xl-3">
          <StatCard id="config-files" title="Files" value={s ? s.files : '—'}>
            {s && `${formatBytes(s.file_bytes)} stored; limit ${formatBytes(s.upload_limit_bytes)} each`}
          </StatCard>
        </div>
        <div className="col-sm-6 col-xl-3">
          <StatCard id="config-environments" title="By environment" value={s ? ENVIRONMENTS.map((env) => s.by_environment[env] ?? 0).join(' / ') : '—'}>
            {s && `development / staging / production; ${s.by_environment.all ?? 0} for all`}
          </StatCard>
        </div>
        <div className="col-sm-6 col-xl-3">
          <StatCard id="config-organizations" title="Organizations" value={s ? s.by_organization.filter((o) => o.organization_id !== null).length : '—'}>
            {s &&
              `This server: ${ENVIRONMENT_LABELS[s.server_environment]}; types ${
                CONFIG_VALUE_TYPES.filter((t) => (s.by_kind[t] ?? 0) > 0)
                  .map((t) => `${TYPE_LABELS[t]} ${s.by_kind[t]}`)
                  .join(', ') || 'none'
              }`}
          </StatCard>
        </div>
      </div>

      <Card className="mb-4">
        <Card.Header className="bg-body py-3">
          <div className="d-flex flex-wrap align-items-center gap-2">
            <SearchBox search={searchBox} className="config-search" placeholder="Search keys, descriptions, values" label="Search configuration" />
            <Form.Select
              className="w-auto"
              aria-label="Filter by organization"
              value={state.organization}
              onChange={(e) => update({ organization: e.target.value, page: 1 })}
            >
              <option value="">All that apply</option>
              <option value="global">All organizations (global)</option>
              {(isSuperAdmin ? (organizations.data?.items ?? []) : [homeOrganization]).map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </Form.Select>
            <FilterSelect
              className="w-auto"
              label="Filter by environment"
              allLabel="Any environment"
              value={state.environment}
              options={[...ENVIRONMENTS, 'all'] as const}
              optionLabel={(v) => (v === 'all' ? 'For all environments' : ENVIRONMENT_LABELS[v]!)}
              onChange={(environment) => update({ environment, page: 1 })}
            />
            <FilterSelect
              className="w-auto"
              label="Filter by state"
              allLabel="Enabled and disabled"
              value={state.enabled}
              options={['true', 'false'] as const}
              optionLabel={(v) => (v === 'true' ? 'Enabled' : 'Disabled')}
              onChange={(enabled) => update({ enabled, page: 1 })}
            />
            <FilterSelect
              className="w-auto"
              label="Filter by type"
              allLabel="All types"
              value={state.kind}
              options={CONFIG_VALUE_TYPES}
              optionLabel={(v) => TYPE_LABELS[v]!}
              onChange={(kind) => update({ kind, page: 1 })}
            />
            <div className="small text-body-secondary ms-auto" aria-live="polite">
              {data && (total === 0 ? 'No entries' : `Showing ${data.offset + 1}–${data.offset + data.items.length} of ${total}`)}
            </div>
          </div>
        </Card.Header>
        {page.isError ? (
          <Card.Body>
            <RetryAlert className="mb-0" onRetry={page.refetch} retryLabel="Try again">
              {page.error.message}
            </RetryAlert>
          </Card.Body>
        ) : (
          <DataTable
            label="Configuration entries"
            rows={data?.items}
            getRowId={(e) => e.id}
            columns={columns}
            loading={page.isPending}
            busy={page.isFetching}
            sort={state.sort}
            onSort={(column) => update({ sort: nextConfigSort(state.sort, column), page: 1 })}
            empty="No configuration entries match."
          />
        )}
        {data && pages > 1 && (
          <Card.Footer className="bg-body d-flex justify-content-end py-3">
            <PageLinks page={Math.min(state.page, pages)} pages={pages} onPage={(p) => update({ page: p })} />
          </Card.Footer>
        )}
      </Card>

      <div className="row g-4 mb-4">
        <div className="col-12">
          <EffectiveValuePanel serverEnvironment={s?.server_environment} />
        </div>
        <div className="col-12">
          <Panel id="known-keys-title" title="What the product reads" subtitle="Keys with an effect; any other key is kept for integrations and scripts." flush>
            <div className="table-responsive">
              <table className="table table-sm mb-0 known-keys">
                <thead>
                  <tr>
                    <th scope="col">Key</th>
                    <th scope="col">Type</th>
                    <th scope="col">What it does</th>
                  </tr>
                </thead>
                <tbody>
                  {KNOWN_CONFIG_KEYS.map((k) => (
                    <tr key={k.key}>
                      <td className="font-monospace text-nowrap">{k.key}</td>
                      <td>{TYPE_LABELS[k.type]}</td>
                      <td className="small">{k.effect}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Panel>
        </div>
      </div>

      <ProductSettingsPanel canEdit={isSuperAdmin} />

      <Suspense fallback={null}>
        {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
          <ConfigEntryDialog key={dialog.seq} show={dialog.open} entry={dialog.entry} scopes={scopes} onClose={closeDialog} />
        )}
        {dialog?.kind === 'upload' && (
          <UploadDialog key={dialog.seq} show={dialog.open} scopes={scopes} limitBytes={s?.upload_limit_bytes ?? 10 * 1024 * 1024} onClose={closeDialog} />
        )}
        {dialog?.kind === 'delete' && dialog.entry && (
          <DeleteConfigDialog
            key={dialog.seq}
            entry={dialog.entry}
            show={dialog.open}
            busy={remove.isPending}
            onClose={closeDialog}
            onConfirm={(entry) =>
              remove.mutate(entry.id, {
                onSuccess: () => {
                  notify({ type: 'success', title: TOAST_TITLES.configurationDeleted, message: `${entry.key} has been deleted.` });
                  closeDialog();
                },
                onError: (err) => notify({ type: 'error', title: TOAST_TITLES.notDeleted, message: err.message }),
              })
            }
          />
        )}
      </Suspense>
    </>
  );
}
