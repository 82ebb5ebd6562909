/** @jsxImportSource preact */
import { applicantTexts } from '@admin-portal/contract/applicant/texts';
import { pageOfPath } from './api.ts';
import { CasePage } from './case-page.tsx';
import { StartPage } from './start-page.tsx';
import { Frame } from './frame.tsx';

/** Which page the address is. */
export function ApplyApp({ path }: { path: string }) {
  const page = pageOfPath(path);
  if (page.kind === 'case') return <CasePage token={page.token} />;
  if (page.kind === 'start') return <StartPage link={page.link} />;
  const t = applicantTexts('en');
  return (
    <Frame branding={null} texts={t} title={t.error}>
      <p>{t.linkNotFound}</p>
    </Frame>
  );
}
