/**
 * Waiting for cases the runtime is moving on (a form's answer shows the next screen, not "processing"). One LISTEN on
 * the events channel for the process: an organization's announcement checks all of its waiting cases in one
 * statement, never one read per waiting request, so fifty applicants answering at once do not crowd the database the
 * runtime needs. A check missed between announcements is made every CHECK_MS anyway.
 */
import type { Db } from '../../db/client.ts';
import type { EventHub } from '../applications/event-hub.ts';
import { settledCaseIds } from './applicant.queries.ts';

const CHECK_MS = 250;

export class CaseSettler {
  private readonly db: Db;
  private readonly hub: EventHub;
  private listening: Promise<unknown> | null = null;
  /** Organization → case → wake its waiter. */
  private readonly waiting = new Map<string, Map<string, () => void>>();
  private readonly checking = new Set<string>();
  private readonly again = new Set<string>();

  constructor(db: Db, hub: EventHub) {
    this.db = db;
    this.hub = hub;
  }

  /** Resolves once the case is no longer pending or running, or after `ms`. */
  async settled(caseId: string, organizationId: string, ms: number): Promise<void> {
    this.listening ??= this.hub.subscribe((org) => void this.check(org));
    await this.listening;
    await new Promise<void>((resolve) => {
      const cases = this.waiting.get(organizationId) ?? new Map<string, () => void>();
      this.waiting.set(organizationId, cases);
      const interval = setInterval(() => void this.check(organizationId), CHECK_MS);
      const deadline = setTimeout(() => done(), ms);
      const done = () => {
        clearInterval(interval);
        clearTimeout(deadline);
        if (cases.get(caseId) === done) cases.delete(caseId);
        if (cases.size === 0 && this.waiting.get(organizationId) === cases) this.waiting.delete(organizationId);
        resolve();
      };
      cases.set(caseId, done);
      void this.check(organizationId);
    });
  }

  /** Reads which of the organization's waiting cases have moved on and wakes theirs; one check at a time per organization. */
  private async check(organizationId: string): Promise<void> {
    if (this.checking.has(organizationId)) {
      this.again.add(organizationId);
      return;
    }
    const cases = this.waiting.get(organizationId);
    if (!cases || cases.size === 0) return;
    this.checking.add(organizationId);
    try {
      for (const id of await settledCaseIds(this.db, [...cases.keys()])) cases.get(id)?.();
    } catch {
      // The deadline still wakes every waiter.
    } finally {
      this.checking.delete(organizationId);
    }
    if (this.again.delete(organizationId)) await this.check(organizationId);
  }
}
