import { DEFAULT_WORKFLOW_CATEGORY, WORKFLOW_STATUSES, WORKFLOW_TRANSITIONS, type WorkflowStatus } from '@admin-portal/contract/workflows/statuses';
import { TOAST_TITLES, type ToastTitle } from '../../../shared/notifications/toast-titles.ts';

/** How workflows read in lists: status labels and badge tones, category names, and the status changes offered per row. */

export const STATUS_LABELS: Readonly<Record<WorkflowStatus, string>> = { draft: 'Draft', active: 'Active', archived: 'Archived' };

/**
 * Badge classes per status: draft secondary, active success, archived an outline. Bootstrap's subtle/emphasis
 * variables switch with data-bs-theme, so each stays readable (AA contrast) in the light and the dark theme.
 */
export const STATUS_BADGE_CLASSES: Readonly<Record<WorkflowStatus, string>> = {
  draft: 'badge rounded-pill border bg-secondary-subtle text-secondary-emphasis border-secondary-subtle',
  active: 'badge rounded-pill border bg-success-subtle text-success-emphasis border-success-subtle',
  archived: 'badge rounded-pill border border-secondary text-body-secondary bg-transparent',
};

/** Abbreviations that read better in capitals. */
const ACRONYMS = new Set(['kyc', 'kyb', 'aml', 'id', 'sme', 'b2b', 'b2c']);

/** "kyc" → "KYC", "account-opening" → "Account opening": categories are free text, stored lower case by convention. */
export function categoryLabel(category: string): string {
  const words = category.trim().replace(/[-_]+/g, ' ').split(/\s+/).filter(Boolean);
  if (words.length === 0) return '—';
  return words.map((w, i) => (ACRONYMS.has(w.toLowerCase()) ? w.toUpperCase() : i === 0 ? w.charAt(0).toUpperCase() + w.slice(1) : w)).join(' ');
}

/**
 * The categories the filter offers: the default one, the templates' and those of the workflows on screen, plus the
 * one filtered on (it may come from a link), each once whatever its case, sorted by label.
 */
export function categoryOptions(...sources: readonly (readonly { category: string }[] | string | undefined)[]): string[] {
  const seen = new Map<string, string>();
  const add = (value: string) => {
    const trimmed = value.trim();
    if (trimmed && !seen.has(trimmed.toLowerCase())) seen.set(trimmed.toLowerCase(), trimmed);
  };
  add(DEFAULT_WORKFLOW_CATEGORY);
  for (const source of sources) {
    if (typeof source === 'string') add(source);
    else for (const item of source ?? []) add(item.category);
  }
  return [...seen.values()].sort((a, b) => categoryLabel(a).localeCompare(categoryLabel(b)));
}

export interface StatusChange {
  to: WorkflowStatus;
  label: string;
  /** Activation (the graph checks may refuse it) and taking a live workflow out of service: ask first, in a dialog. */
  confirm: boolean;
}

const CHANGE_LABELS: Readonly<Record<WorkflowStatus, Partial<Record<WorkflowStatus, string>>>> = {
  draft: { active: 'Activate', archived: 'Archive' },
  active: { draft: 'Return to draft', archived: 'Archive' },
  archived: { draft: 'Reopen as draft' },
};

/** The status changes the contract allows from a status (WORKFLOW_TRANSITIONS), in lifecycle order, with their menu labels. */
export function statusChanges(from: WorkflowStatus): StatusChange[] {
  return WORKFLOW_STATUSES.filter((to) => WORKFLOW_TRANSITIONS[from].includes(to)).map((to) => ({
    to,
    label: CHANGE_LABELS[from][to] ?? `Make ${STATUS_LABELS[to].toLowerCase()}`,
    confirm: from === 'active' || to === 'active',
  }));
}

/** A workflow that applications ever ran on keeps their history: it can only be archived, never deleted. */
export const deleteBlockedReason = (applicationCount: number): string | null =>
  applicationCount > 0 ? `It has ${applicationCount} application${applicationCount === 1 ? '' : 's'}: archive it instead.` : null;

/** Where a workflow opens in the Visual Builder. */
export const builderPath = (id: string): string => `/workflows/builder?id=${encodeURIComponent(id)}`;

/** Workflow Analytics: every workflow's figures, or one workflow's funnel and steps. */
export const WORKFLOW_ANALYTICS_PATH = '/workflows/analytics';
export const analyticsPath = (id: string): string => `${WORKFLOW_ANALYTICS_PATH}?workflow=${encodeURIComponent(id)}`;

/** The toast after a status change. */
export function statusChangedNotice(name: string, to: WorkflowStatus, from: WorkflowStatus): { title: ToastTitle; message: string } {
  if (to === 'active') return { title: TOAST_TITLES.workflowActivated, message: `“${name}” is active and takes new applications.` };
  if (to === 'archived') return { title: TOAST_TITLES.workflowArchived, message: `“${name}” is archived and read-only.` };
  return from === 'archived'
    ? { title: TOAST_TITLES.workflowReopened, message: `“${name}” is a draft again and can be edited.` }
    : { title: TOAST_TITLES.returnedToDraft, message: `“${name}” is a draft again and takes no new applications until it is activated.` };
}

/** The graph problems an activation refusal lists (its body's `problems`), if any. */
export function problemMessages(body: unknown): string[] {
  if (typeof body !== 'object' || body === null || !('problems' in body) || !Array.isArray(body.problems)) return [];
  return body.problems.flatMap((p: unknown) => (typeof p === 'object' && p !== null && 'message' in p && typeof p.message === 'string' ? [p.message] : []));
}
