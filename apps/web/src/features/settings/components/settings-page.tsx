import { useEffect, useMemo, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Placeholder from 'react-bootstrap/Placeholder';
import Row from 'react-bootstrap/Row';
import type { Preferences } from '@admin-portal/contract/preferences';
import { ApiError } from '../../../shared/api/api-result.ts';
import { fieldErrorMap, withoutError } from '../../../shared/forms/field-errors.ts';
import { setSidebarOpen } from '../../../shared/layout/layout-store.ts';
import { timeZoneOptions } from '../../../shared/lib/time-zones.ts';
import { notify } from '../../../shared/notifications/notifications-store.ts';
import { TOAST_TITLES } from '../../../shared/notifications/toast-titles.ts';
import { usePreferences } from '../../../shared/preferences/preferences.ts';
import { setTheme, useTheme, type Theme } from '../../../shared/theme/theme.ts';
import { CONTROL_ICONS } from '../../../shared/ui/icon-sets/controls.ts';
import { addIcons, Icon } from '../../../shared/ui/icons.tsx';
import { RetryAlert } from '../../../shared/ui/retry-alert.tsx';
import { useUpdatePreferences } from '../api/update-preferences.ts';
import { browserTimeZone, changedPreferences, clockPreview, PAGE_SIZES } from '../lib/preferences-form.ts';
import { PAGE_HEADINGS } from '@admin-portal/contract/page-headings';
import './settings.css';

addIcons(CONTROL_ICONS);

type Draft = Omit<Preferences, 'theme'>;
const draftOf = ({ theme: _theme, ...rest }: Preferences): Draft => rest;

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <div id={id} className="invalid-feedback d-block">
      {message}
    </div>
  ) : null;
}

function ThemeChoice({ value, error, onChange }: { value: Theme; error?: string; onChange: (theme: Theme) => void }) {
  return (
    <fieldset className="mb-4" aria-describedby={error ? 'theme-error' : 'theme-help'}>
      <legend className="form-label fs-6">Theme</legend>
      <div className="theme-choices">
        {(['light', 'dark'] as const).map((theme) => (
          <label key={theme} className={`theme-choice${value === theme ? ' theme-choice-active' : ''}`}>
            <span className={`theme-swatch theme-swatch-${theme}`} aria-hidden="true">
              <span />
              <span />
            </span>
            <span className="d-flex align-items-center gap-2">
              <Icon name={theme === 'light' ? 'sun' : 'moon'} />
              <span className="me-auto">{theme === 'light' ? 'Light' : 'Dark'}</span>
              <input type="radio" name="theme" value={theme} className="form-check-input m-0" checked={value === theme} onChange={() => onChange(theme)} />
            </span>
          </label>
        ))}
      </div>
      <Form.Text id="theme-help">Applied at once; saved to your account with the rest.</Form.Text>
      <FieldError id="theme-error" message={error} />
    </fieldset>
  );
}

function SettingsForm({ saved }: { saved: Preferences }) {
  const update = useUpdatePreferences();
  const theme = useTheme();
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [now, setNow] = useState(() => new Date());
  const zones = useMemo(() => timeZoneOptions(draft.timezone || undefined), [draft.timezone]);
  const browserZone = useMemo(browserTimeZone, []);

  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);

  const current: Preferences = { ...draft, theme };
  const changes = changedPreferences(saved, current);
  const dirty = Object.keys(changes).length > 0;

  const change = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => withoutError(e, key));
  };

  function chooseTheme(next: Theme) {
    setTheme(next);
    setErrors((e) => withoutError(e, 'theme'));
  }

  function discard() {
    setDraft(draftOf(saved));
    setTheme(saved.theme);
    setErrors({});
    setFailure(null);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    try {
      const result = await update.mutateAsync(changes);
      setDraft(draftOf(result));
      setTheme(result.theme);
      if (changes.sidebar_open !== undefined) setSidebarOpen(result.sidebar_open);
      setErrors({});
      notify({ type: 'success', title: TOAST_TITLES.settingsSaved, message: 'Your preferences have been saved.' });
    } catch (err) {
      const fields = err instanceof ApiError ? fieldErrorMap(err.validationErrors) : {};
      setErrors(fields);
      setFailure(Object.keys(fields).length > 0 ? 'Some settings need attention: see the fields below.' : err instanceof Error ? err.message : String(err));
    }
  }

  return (
    <Form noValidate onSubmit={onSubmit} aria-label="Your preferences">
      {failure && (
        <Alert variant="danger" dismissible onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
      <Row className="g-4">
        <Col lg={6}>
          <Card as="section" aria-labelledby="settings-appearance" className="h-100">
            <Card.Header className="bg-body py-3">
              <h2 id="settings-appearance" className="h6 mb-0">
                Appearance
              </h2>
            </Card.Header>
            <Card.Body>
              <ThemeChoice value={theme} error={errors.theme} onChange={chooseTheme} />
              <Form.Check
                type="switch"
                id="settings-sidebar-open"
                label="Open the sidebar by default"
                checked={draft.sidebar_open}
                onChange={(e) => change('sidebar_open', e.target.checked)}
                isInvalid={!!errors.sidebar_open}
                feedback={errors.sidebar_open}
                feedbackType="invalid"
              />
              <Form.Text>On wide screens; below 1024 px the sidebar always starts folded away.</Form.Text>
            </Card.Body>
          </Card>
        </Col>
        <Col lg={6}>
          <Card as="section" aria-labelledby="settings-time" className="h-100">
            <Card.Header className="bg-body py-3">
              <h2 id="settings-time" className="h6 mb-0">
                Date and time
              </h2>
            </Card.Header>
            <Card.Body>
              <fieldset className="mb-3">
                <legend className="form-label fs-6">Clock</legend>
                <div className="d-flex gap-4">
                  <Form.Check
                    type="radio"
                    id="settings-clock-24h"
                    name="time_format"
                    label="24-hour (14:30)"
                    checked={draft.time_format === '24h'}
                    onChange={() => change('time_format', '24h')}
                  />
                  <Form.Check
                    type="radio"
                    id="settings-clock-12h"
                    name="time_format"
                    label="12-hour (2:30 PM)"
                    checked={draft.time_format === '12h'}
                    onChange={() => change('time_format', '12h')}
                  />
                </div>
                <FieldError id="time-format-error" message={errors.time_format} />
              </fieldset>
              <Form.Group controlId="settings-timezone" className="mb-2">
                <Form.Label>Time zone</Form.Label>
                <Form.Select
                  value={draft.timezone}
                  onChange={(e) => change('timezone', e.target.value)}
                  isInvalid={!!errors.timezone}
                  aria-invalid={errors.timezone ? true : undefined}
                  aria-describedby="settings-timezone-preview"
                >
                  <option value="">Browser default ({browserZone.replaceAll('_', ' ')})</option>
                  {zones.map((z) => (
                    <option key={z} value={z}>
                      {z.replaceAll('_', ' ')}
                    </option>
                  ))}
                </Form.Select>
                <Form.Control.Feedback type="invalid">{errors.timezone}</Form.Control.Feedback>
              </Form.Group>
              <p id="settings-timezone-preview" className="small text-body-secondary mb-0">
                <Icon name="clock" className="me-1" />
                Now: <span className="fw-semibold text-body">{clockPreview(now, draft)}</span>
              </p>
            </Card.Body>
          </Card>
        </Col>
        <Col lg={6}>
          <Card as="section" aria-labelledby="settings-tables" className="h-100">
            <Card.Header className="bg-body py-3">
              <h2 id="settings-tables" className="h6 mb-0">
                Tables
              </h2>
            </Card.Header>
            <Card.Body>
              <Form.Group controlId="settings-page-size">
                <Form.Label>Rows per page</Form.Label>
                <Form.Select
                  value={String(draft.page_size)}
                  onChange={(e) => change('page_size', Number(e.target.value) as Preferences['page_size'])}
                  isInvalid={!!errors.page_size}
                  aria-invalid={errors.page_size ? true : undefined}
                  className="settings-narrow-select"
                >
                  {PAGE_SIZES.map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </Form.Select>
                <Form.Control.Feedback type="invalid">{errors.page_size}</Form.Control.Feedback>
                <Form.Text>How many rows lists such as Organizations show at a time.</Form.Text>
              </Form.Group>
            </Card.Body>
          </Card>
        </Col>
      </Row>
      <div className="settings-actions d-flex flex-wrap align-items-center justify-content-end gap-2 mt-4">
        <span className="small text-body-secondary me-auto" aria-live="polite">
          {dirty ? 'You have unsaved changes.' : 'All changes saved.'}
        </span>
        <Button variant="outline-secondary" onClick={discard} disabled={!dirty || update.isPending}>
          Discard changes
        </Button>
        <Button type="submit" variant="primary" disabled={!dirty || update.isPending}>
          {update.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          Save settings
        </Button>
      </div>
    </Form>
  );
}

/** /settings: the signed-in user's own preferences, kept on the server so they follow them to any browser. */
export function SettingsPage() {
  const { data, isPending, isError, error, refetch } = usePreferences();
  return (
    <>
      <header className="mb-4">
        <h1 className="h3 mb-1">{PAGE_HEADINGS['/settings'].heading}</h1>
        <p className="text-body-secondary mb-0">{PAGE_HEADINGS['/settings'].lead}</p>
      </header>
      {isPending && (
        <Card aria-busy="true">
          <Card.Body>
            <span className="visually-hidden" role="status">
              Loading your settings…
            </span>
            <Placeholder as="div" animation="glow" aria-hidden="true">
              <Placeholder xs={4} /> <Placeholder xs={7} /> <Placeholder xs={5} />
            </Placeholder>
          </Card.Body>
        </Card>
      )}
      {isError && (
        <RetryAlert onRetry={refetch} retryLabel="Try again">
          {error.message}
        </RetryAlert>
      )}
      {data && <SettingsForm saved={data} />}
    </>
  );
}
