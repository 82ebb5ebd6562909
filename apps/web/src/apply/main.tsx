/** @jsxImportSource preact */
/**
 * The applicant's page (ADR 0056): its own small entry, on Preact, with none of the staff app's code, tokens or
 * storage. A case link (`/apply/c/<token>`) shows the case; a start link (`/apply/<link>`) starts one.
 */
import { render } from 'preact';
import { ApplyApp } from './apply-app.tsx';
import './apply.css';

render(<ApplyApp path={window.location.pathname} />, document.getElementById('apply')!);
