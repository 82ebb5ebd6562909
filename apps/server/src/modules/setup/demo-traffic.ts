/**
 * Live demo traffic: applicants arriving through the public intake API — a new application every few seconds on
 * one of the organization's active workflows, and each applicant answering the forms their case waits for (files
 * included, as multipart) a little later, as a real applicant would. Staff decide the reviews. Used by the admin
 * switch (`PUT /api/admin/applications/demo-traffic`, run by one process at a time: setup/demo-traffic.runner.ts)
 * and by `npm run demo:traffic` against any running portal. Its own counts are this instance's only.
 */
import type { PublicApplication } from '@admin-portal/contract/applications/api';
import type { FormConfig } from '../../engine/commands.ts';
import { demoAnswers, FIRST, LAST, seededRandom } from './demo-applications.ts';

export interface DemoTrafficOptions {
  /** The portal's base URL (http://127.0.0.1:8080). */
  baseUrl: string;
  /** An API key of the intake scope. */
  apiKey: string;
  /** Active workflows to start applications on. */
  workflowIds: () => Promise<string[]>;
  /** New applications per minute. */
  perMinute: number;
  /** Called with each problem (the traffic goes on). */
  onError?: (error: Error) => void;
  /** The share of applicants who give up at a form (default 8 %). */
  giveUp?: number;
  /** How long an applicant takes to answer a form, in ms (between the two). */
  answerAfterMs?: readonly [number, number];
  /** Called when an applicant started or answered a form (the admin switch counts in the database with it). */
  onCount?: (what: 'started' | 'forms_answered') => void;
}

export interface DemoTrafficStatus {
  enabled: boolean;
  per_minute: number;
  started: number;
  forms_answered: number;
  since: string | null;
}

const PDF = Buffer.from('%PDF-1.4\n% demo document\n%%EOF\n');
const FORM_DELAY_MS = [3_000, 20_000] as const;

export class DemoTraffic {
  private readonly options: DemoTrafficOptions;
  private readonly random = seededRandom(Date.now() % 2 ** 31);
  private timer: NodeJS.Timeout | null = null;
  private readonly pending = new Set<NodeJS.Timeout>();
  private counts = { started: 0, forms_answered: 0 };
  private since: Date | null = null;
  private n = 0;

  constructor(options: DemoTrafficOptions) {
    this.options = options;
  }

  get status(): DemoTrafficStatus {
    return { enabled: this.timer !== null, per_minute: this.options.perMinute, ...this.counts, since: this.since?.toISOString() ?? null };
  }

  start(): void {
    if (this.timer) return;
    this.since = new Date();
    const every = Math.max(250, Math.round(60_000 / Math.max(1, this.options.perMinute)));
    this.timer = setInterval(() => void this.arrive().catch((e: Error) => this.options.onError?.(e)), every);
    this.timer.unref();
    void this.arrive().catch((e: Error) => this.options.onError?.(e));
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const t of this.pending) clearTimeout(t);
    this.pending.clear();
  }

  private async call(method: string, url: string, body?: unknown): Promise<PublicApplication> {
    const isForm = body instanceof FormData;
    const res = await fetch(`${this.options.baseUrl}${url}`, {
      method,
      headers: { authorization: `Bearer ${this.options.apiKey}`, ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}) },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${text.slice(0, 200)}`);
    return JSON.parse(text) as PublicApplication;
  }

  /** One applicant arrives. */
  private async arrive(): Promise<void> {
    const workflows = await this.options.workflowIds();
    if (workflows.length === 0) return;
    const first = FIRST[Math.floor(this.random() * FIRST.length)]!;
    const last = LAST[Math.floor(this.random() * LAST.length)]!;
    this.n += 1;
    const email = `${first}.${last}.live${this.n}@example.com`.toLowerCase();
    const created = await this.call('POST', '/api/public/v1/applications', {
      workflow_id: workflows[Math.floor(this.random() * workflows.length)]!,
      applicant: { name: `${first} ${last}`, email },
      data: { email },
      external_ref: `LIVE-${Date.now().toString(36).toUpperCase()}`,
    });
    this.counts.started += 1;
    this.options.onCount?.('started');
    this.later(() => this.answer(created.status_url, { first, last, email }, 0));
  }

  /** Answers the form the case waits for, if any, then looks again a little later (up to a few forms). */
  private async answer(statusUrl: string, person: { first: string; last: string; email: string }, answered: number): Promise<void> {
    const status = await this.call('GET', statusUrl);
    if (!status.required || answered >= 5) return;
    // Some applicants give up at a form.
    if (this.random() < (this.options.giveUp ?? 0.08)) return;
    const form: FormConfig = {
      title: status.required.title,
      instructions: status.required.instructions,
      fields: status.required.fields as FormConfig['fields'],
    };
    const values = demoAnswers(this.random, form, person);
    const body = new FormData();
    for (const field of form.fields) {
      const value = values[field.key];
      if (value === undefined) continue;
      if (field.type === 'file') body.append(field.key, new Blob([PDF], { type: 'application/pdf' }), `${field.key}.pdf`);
      else body.append(field.key, String(value));
    }
    await this.call('POST', status.required.submit_url, body);
    this.counts.forms_answered += 1;
    this.options.onCount?.('forms_answered');
    this.later(() => this.answer(statusUrl, person, answered + 1));
  }

  private later(fn: () => Promise<void>): void {
    const [min, max] = this.options.answerAfterMs ?? FORM_DELAY_MS;
    const ms = min + this.random() * (max - min);
    const t = setTimeout(() => {
      this.pending.delete(t);
      void fn().catch((e: Error) => this.options.onError?.(e));
    }, ms);
    t.unref();
    this.pending.add(t);
  }
}
