/**
 * The applicant's page's calls (ADR 0056): plain fetch, and XMLHttpRequest for a form with files (its upload
 * progress). A case link's token is sent as a bearer token, never in a call's address. A dropped connection is told
 * apart from the server's answer, so the page can keep the answers and try again.
 */
import type { ApplicantCase, IssuedLink, StartPage } from '@admin-portal/contract/applicant/api';

const API = '/api/apply';

/** The server's refusal: its words, and its words per field. */
export class ApplyError extends Error {
  readonly status: number;
  readonly fields: Record<string, string>;
  constructor(status: number, detail: string, fields: Record<string, string> = {}) {
    super(detail);
    this.status = status;
    this.fields = fields;
  }
}

/** No answer at all: the connection dropped or the device is offline. */
export class OfflineError extends Error {}

const CASE_PATH = /^\/apply\/c\/([A-Za-z0-9_-]{43})\/?$/;
const START_PATH = /^\/apply\/([A-Za-z0-9_-]{8,64})\/?$/;

/** What the address is: a case link, a start link, or neither. */
export function pageOfPath(path: string): { kind: 'case'; token: string } | { kind: 'start'; link: string } | { kind: 'unknown' } {
  const c = CASE_PATH.exec(path);
  if (c) return { kind: 'case', token: c[1]! };
  const s = START_PATH.exec(path);
  if (s && s[1] !== 'c') return { kind: 'start', link: s[1]! };
  return { kind: 'unknown' };
}

async function errorOf(res: Response): Promise<ApplyError> {
  let detail = res.statusText;
  const fields: Record<string, string> = {};
  try {
    const body = (await res.json()) as { detail?: string; validation_errors?: { field: string; message: string }[] };
    detail = body.detail ?? detail;
    for (const e of body.validation_errors ?? []) fields[e.field] ??= e.message;
  } catch {
    // not JSON: the status says enough
  }
  return new ApplyError(res.status, detail, fields);
}

async function call<T>(method: string, url: string, options: { token?: string; body?: unknown } = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(url, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body), credentials: 'omit' });
  } catch {
    throw new OfflineError();
  }
  if (!res.ok) throw await errorOf(res);
  return (await res.json()) as T;
}

export const getStartPage = (link: string) => call<StartPage>('GET', `${API}/start/${link}`);
export const startCase = (link: string, body: { name: string; email: string; website: string }) => call<IssuedLink>('POST', `${API}/start/${link}`, { body });
export const getCase = (token: string) => call<ApplicantCase>('GET', `${API}/case`, { token });
export const saveDraft = (token: string, stepId: string, answers: Record<string, string | boolean>) =>
  call<{ saved_at: string }>('PUT', `${API}/case/draft`, { token, body: { step_id: stepId, answers } });

/**
 * Sends the form's answers: JSON, or multipart with the files, reporting the upload's progress (0–1). Rejects with
 * OfflineError when the connection drops, ApplyError when the server refuses.
 */
export function sendForm(
  token: string,
  stepId: string,
  answers: Record<string, string | boolean>,
  files: Record<string, File>,
  onProgress: (sent: number) => void,
): Promise<ApplicantCase> {
  const url = `${API}/case/forms/${stepId}`;
  if (Object.keys(files).length === 0) return call<ApplicantCase>('POST', url, { token, body: answers });
  const form = new FormData();
  for (const [key, value] of Object.entries(answers)) form.append(key, String(value));
  for (const [key, file] of Object.entries(files)) form.append(key, file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new OfflineError());
    xhr.ontimeout = () => reject(new OfflineError());
    xhr.onload = () => {
      const res = new Response(xhr.responseText, { status: xhr.status, headers: { 'content-type': 'application/json' } });
      if (xhr.status >= 200 && xhr.status < 300) resolve(JSON.parse(xhr.responseText) as ApplicantCase);
      else void errorOf(res).then(reject);
    };
    xhr.send(form);
  });
}
