/** @jsxImportSource preact */
import { useCallback, useEffect, useState } from 'preact/hooks';
import type { ApplicantCase } from '@admin-portal/contract/applicant/api';
import { applicantTexts, type ApplicantTexts } from '@admin-portal/contract/applicant/texts';
import { ApplyError, getCase, OfflineError } from './api.ts';
import { FormStep } from './form-step.tsx';
import { Frame } from './frame.tsx';
import { notifyEmbedder } from './embed.ts';

type Loaded = { kind: 'loading' } | { kind: 'gone' } | { kind: 'failed' } | { kind: 'ready'; data: ApplicantCase };

/** How often the page asks again while tools, checks or people work on the case. */
const POLL_MS = 3_000;
const SLOW_POLL_MS = 15_000;

/** A case link: the form the case waits for, what happens while it runs, or how it ended. */
export function CasePage({ token }: { token: string }) {
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const load = useCallback(
    () =>
      getCase(token).then(
        (data) => setLoaded({ kind: 'ready', data }),
        (error: unknown) => {
          if (error instanceof ApplyError && error.status === 401) setLoaded({ kind: 'gone' });
          // Offline, or the server busy: keep what is shown; the next poll tries again.
          else if (!(error instanceof OfflineError) && !(error instanceof ApplyError && error.status === 429))
            setLoaded((now) => (now.kind === 'ready' ? now : { kind: 'failed' }));
        },
      ),
    [token],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const state = loaded.kind === 'ready' ? loaded.data.state : null;
  useEffect(() => {
    if (state === null || state === 'form' || state === 'done') return;
    // A review or a timed step takes long: ask less often.
    const every = state === 'review' || state === 'waiting' ? SLOW_POLL_MS : POLL_MS;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') void load();
    }, every);
    const back = () => void load();
    window.addEventListener('online', back);
    document.addEventListener('visibilitychange', back);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', back);
      document.removeEventListener('visibilitychange', back);
    };
  }, [state, load]);

  useEffect(() => {
    if (loaded.kind === 'ready' && loaded.data.state === 'done') notifyEmbedder(loaded.data.outcome, loaded.data.branding.embed_origins);
  }, [loaded]);

  if (loaded.kind !== 'ready') {
    const t = applicantTexts('en');
    return (
      <Frame branding={null} texts={t} title={loaded.kind === 'loading' ? t.loading : t.error}>
        {loaded.kind === 'gone' && <p>{t.linkNotFound}</p>}
        {loaded.kind === 'failed' && (
          <button class="apply-button" type="button" onClick={() => void load()}>
            {t.retry}
          </button>
        )}
      </Frame>
    );
  }
  const { data } = loaded;
  const t = applicantTexts(data.branding.language);
  if (data.state === 'form' && data.form)
    return (
      <Frame branding={data.branding} texts={t} title={data.form.title}>
        <FormStep
          key={data.form.step_id + data.updated_at}
          token={token}
          data={data}
          form={data.form}
          texts={t}
          onSent={(next) => setLoaded({ kind: 'ready', data: next })}
        />
      </Frame>
    );
  const { title, text } = statusText(data, t);
  return (
    <Frame branding={data.branding} texts={t} title={title}>
      <p role="status" class="apply-status">
        {text}
      </p>
      {data.state !== 'done' && <div class="apply-progress-dots" aria-hidden="true" />}
    </Frame>
  );
}

function statusText(data: ApplicantCase, t: ApplicantTexts): { title: string; text: string } {
  if (data.state === 'done') return t.outcome[data.outcome ?? 'completed'];
  if (data.state === 'review') return { title: t.processingTitle, text: t.reviewText };
  if (data.state === 'waiting') return { title: t.processingTitle, text: t.waitText };
  return { title: t.processingTitle, text: t.processingText };
}
