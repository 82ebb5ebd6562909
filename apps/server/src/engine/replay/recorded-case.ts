/**
 * A case as its history recorded it (ADR 0058): what it started with, each step visit in order with what the visit
 * merged into the application data and, for a tool step, the input it called its tool with; and where it stands.
 */
import type { WaitingFor } from '@admin-portal/contract/applications/api';

/** A review of an approval visit (ADR 0063): the first, or a second one (four eyes); `decision` null while it is open. */
export interface RecordedReview {
  stage: 1 | 2;
  role: string;
  decision: 'approved' | 'rejected' | null;
}

export interface RecordedVisit {
  step_id: string;
  step_type: string;
  /** running, waiting, completed, failed or cancelled. */
  status: string;
  branch: string | null;
  /** The fields the visit merged into the application data (null: none). */
  merged: Record<string, unknown> | null;
  /** What a tool step called its tool with. */
  input: unknown;
  output: unknown;
  error: string | null;
  entered_at: Date;
  completed_at: Date | null;
  /**
   * An approval visit's reviews in the order they opened (not the cancelled ones): its first and, under four eyes, its
   * second. Absent where the history holds none (a generated history); the visit's branch is then its one decision.
   */
  reviews?: RecordedReview[];
}

export interface RecordedCase {
  id: string;
  organization_id: string;
  workflow_id: string;
  workflow_version: number;
  environment: 'development' | 'staging' | 'production';
  applicant: Record<string, unknown>;
  external_ref: string | null;
  /** The application data the case was created with; null for cases from before replay recording began. */
  initial_data: Record<string, unknown> | null;
  status: string;
  outcome: string | null;
  current_step_id: string | null;
  waiting_for: WaitingFor | null;
  error: string | null;
  created_at: Date;
  completed_at: Date | null;
  /** Its step visits, in the order they were entered. */
  visits: RecordedVisit[];
}

/**
 * The visits that make up the case's path: a failed visit staff retried (a later visit follows it) is left out, as the
 * case went on from the new visit of the same step.
 */
export function pathOf(recorded: Pick<RecordedCase, 'visits'>): RecordedVisit[] {
  return recorded.visits.filter((v, i) => v.status !== 'failed' || i === recorded.visits.length - 1);
}
