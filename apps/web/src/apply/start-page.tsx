/** @jsxImportSource preact */
import { useEffect, useState } from 'preact/hooks';
import type { StartPage as StartPageData } from '@admin-portal/contract/applicant/api';
import { applicantTexts } from '@admin-portal/contract/applicant/texts';
import { checkAnswer } from '@admin-portal/contract/applications/form-answers';
import { ApplyError, getStartPage, OfflineError, startCase } from './api.ts';
import { Frame } from './frame.tsx';
import { TextInput } from './fields.tsx';

type Loaded = { kind: 'loading' } | { kind: 'missing' } | { kind: 'failed' } | { kind: 'ready'; page: StartPageData };

/** A workflow's start link: who the applicant is, then their case's own page. */
export function StartPage({ link }: { link: string }) {
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  useEffect(() => {
    getStartPage(link).then(
      (page) => setLoaded({ kind: 'ready', page }),
      (error: unknown) => setLoaded({ kind: error instanceof ApplyError && error.status === 404 ? 'missing' : 'failed' }),
    );
  }, [link]);

  if (loaded.kind !== 'ready') {
    const t = applicantTexts('en');
    const title = loaded.kind === 'loading' ? t.loading : t.error;
    return (
      <Frame branding={null} texts={t} title={title}>
        {loaded.kind === 'missing' && <p>{t.linkNotFound}</p>}
        {loaded.kind === 'failed' && <p>{t.error}</p>}
      </Frame>
    );
  }
  const { page } = loaded;
  const t = applicantTexts(page.branding.language);
  const title = t.startTitle(page.workflow_name);
  if (page.start !== 'open')
    return (
      <Frame branding={page.branding} texts={t} title={title}>
        <p role="status">{page.start === 'invitation' ? t.startInvitationOnly : t.startOff}</p>
      </Frame>
    );
  return (
    <Frame branding={page.branding} texts={t} title={title}>
      <StartForm link={link} texts={t} />
    </Frame>
  );
}

function StartForm({ link, texts: t }: { link: string; texts: ReturnType<typeof applicantTexts> }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [website, setWebsite] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  const check = () => {
    const next: Record<string, string> = {};
    if (!name.trim()) next.name = t.problem.required;
    if (!email.trim()) next.email = t.problem.required;
    else if ('problem' in checkAnswer({ type: 'email', options: [] }, email)) next.email = t.problem.email;
    setErrors(next);
    return Object.keys(next).length === 0;
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    setMessage('');
    if (!check()) return;
    setBusy(true);
    try {
      const issued = await startCase(link, { name: name.trim(), email: email.trim(), website });
      // The case's own page, in place of this one: Back does not start a second case.
      window.location.replace(new URL(issued.url).pathname);
    } catch (error) {
      setBusy(false);
      if (error instanceof OfflineError) setMessage(t.offline);
      else if (error instanceof ApplyError && error.status === 429) setMessage(t.tooMany);
      else if (error instanceof ApplyError && error.status === 409) setMessage(error.message);
      else if (error instanceof ApplyError && Object.keys(error.fields).length > 0) setErrors(error.fields);
      else setMessage(t.error);
    }
  };

  return (
    <form class="apply-form" onSubmit={submit} noValidate>
      <p>{t.startIntro}</p>
      <TextInput id="name" label={t.name} value={name} required texts={t} error={errors.name} autoComplete="name" onInput={setName} />
      <TextInput id="email" label={t.email} type="email" value={email} required texts={t} error={errors.email} autoComplete="email" onInput={setEmail} />
      {/* Filled only by form fillers that fill everything: people neither see nor reach it. */}
      <div class="apply-trap" aria-hidden="true">
        <label for="website">{t.leaveEmpty}</label>
        <input id="website" name="website" tabIndex={-1} autoComplete="off" value={website} onInput={(e) => setWebsite(e.currentTarget.value)} />
      </div>
      {message && (
        <p class="apply-alert" role="alert">
          {message}
        </p>
      )}
      <button class="apply-button" type="submit" disabled={busy}>
        {busy ? t.starting : t.start}
      </button>
    </form>
  );
}
