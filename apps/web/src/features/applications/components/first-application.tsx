import { useRef } from 'react';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { CopyButton } from '../../../shared/ui/copy-button.tsx';
import { notify } from '../../../shared/notifications/notifications-store.ts';
import { TOAST_TITLES } from '../../../shared/notifications/toast-titles.ts';
import { useDemoTraffic, useSetDemoTraffic, useWorkflowChoices } from '../api/applications-api.ts';
import { firstApplicationCurl } from '../lib/first-application.ts';

/**
 * The live table's empty state: how to send the first application (a curl for an active workflow, with a key from
 * the API keys page) and, for administrators, the demo traffic switch.
 */
export function FirstApplication({ administer }: { administer: boolean }) {
  const workflows = useWorkflowChoices();
  const active = workflows.data?.items.find((w) => w.status === 'active');
  const curl = firstApplicationCurl(window.location.origin, active?.id ?? '<workflow id>');
  const pre = useRef<HTMLPreElement>(null);
  return (
    <div className="first-application text-start mx-auto">
      <span className="d-block fw-semibold text-body fs-5 mb-1">No applications yet</span>
      <p className="mb-2">
        Applications arrive through the intake API. Create an API key with the <strong>Intake API</strong> scope on the{' '}
        <Link to="/tools">Tools page (MCP access → API keys)</Link>, then send one:
      </p>
      {!active && workflows.data && (
        <p className="small mb-2">
          No workflow is active yet: <Link to="/workflows">activate one</Link> and use its id below.
        </p>
      )}
      <pre ref={pre} className="curl-example border rounded p-2 mb-2" tabIndex={0} aria-label="Example request">
        {curl}
      </pre>
      <CopyButton text={curl} what="example request" target={() => pre.current} />
      <p className="small mt-2 mb-0">It appears here the moment it arrives, and moves through its workflow live.</p>
      {administer && <DemoTrafficSwitch />}
    </div>
  );
}

/** An administrator's switch: demo applicants flow into the organization's active workflows, so the monitor has something to show. */
export function DemoTrafficSwitch() {
  const state = useDemoTraffic(true);
  const set = useSetDemoTraffic();
  const enabled = state.data?.enabled ?? false;
  return (
    <div className="border-top pt-3 mt-3">
      <Form.Check
        type="switch"
        id="demo-traffic-switch"
        label="Demo traffic: send made-up applicants through the active workflows"
        checked={enabled}
        disabled={state.isPending || set.isPending}
        onChange={(e) =>
          set.mutate(
            { enabled: e.target.checked },
            {
              onSuccess: (next) =>
                notify({
                  type: 'info',
                  title: next.enabled ? TOAST_TITLES.demoTrafficOn : TOAST_TITLES.demoTrafficOff,
                  message: next.enabled ? `About ${next.per_minute} demo applications a minute.` : 'No more demo applications will be sent.',
                }),
              onError: (err) => notify({ type: 'error', title: TOAST_TITLES.demoTrafficNotChanged, message: err.message }),
            },
          )
        }
      />
      {state.data?.enabled && (
        <div className="small text-body-secondary">
          {state.data.started} started, {state.data.forms_answered} forms answered so far.
        </div>
      )}
    </div>
  );
}
