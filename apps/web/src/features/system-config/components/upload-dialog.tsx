import { useRef, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { CONFIG_MESSAGES, ENVIRONMENTS, KNOWN_CONFIG_KEYS, configKeySchema, formatBytes, knownConfigKey } from '@admin-portal/contract/system/config';
import { notify } from '../../../shared/notifications/notifications-store.ts';
import { TOAST_TITLES } from '../../../shared/notifications/toast-titles.ts';
import { useAfterUpload } from '../api/system-config-api.ts';
import { ENVIRONMENT_LABELS } from '../lib/config-value.ts';
import { UPLOAD_CANCELLED, UploadError, uploadConfigFile } from '../lib/upload.ts';

interface Props {
  show: boolean;
  scopes: { value: string; label: string }[];
  /** The upload size limit in force (system settings). */
  limitBytes: number;
  onClose: () => void;
}

/** Spec §7 upload-binary: the form's fields, a file, a real progress bar in percent, cancel, and the server's refusals. */
export function UploadDialog({ show, scopes, limitBytes, onClose }: Props) {
  const afterUpload = useAfterUpload();
  const [key, setKey] = useState('');
  const [description, setDescription] = useState('');
  const [scope, setScope] = useState(scopes[0]?.value ?? '');
  const [environment, setEnvironment] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const uploading = percent !== null;
  const known = knownConfigKey(key.trim());

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problems: Record<string, string> = {};
    const parsedKey = configKeySchema.safeParse(key);
    if (!parsedKey.success) problems.key = parsedKey.error.issues[0]!.message;
    else if (known && known.type !== 'file') problems.key = CONFIG_MESSAGES.typeMismatch(known.key, known.type);
    if (!file) problems.file = CONFIG_MESSAGES.fileRequired;
    else if (file.size > limitBytes) problems.file = CONFIG_MESSAGES.fileTooLarge(formatBytes(limitBytes));
    setErrors(problems);
    setFailure(null);
    if (Object.keys(problems).length > 0 || !file) return;
    controller.current = new AbortController();
    setPercent(0);
    try {
      const saved = await uploadConfigFile(
        { key: key.trim(), description: description.trim(), organization_id: scope, environment },
        file,
        setPercent,
        controller.current.signal,
      );
      await afterUpload();
      notify({
        type: 'success',
        title: TOAST_TITLES.fileUploaded,
        message: `${saved.key}: ${saved.file?.file_name ?? file.name} (${formatBytes(saved.file?.size_bytes ?? file.size)})`,
      });
      onClose();
    } catch (err) {
      setPercent(null);
      const message = err instanceof Error ? err.message : String(err);
      if (message === UPLOAD_CANCELLED) setFailure('Upload cancelled. Nothing was saved.');
      else if (err instanceof UploadError && err.field && ['key', 'file', 'organization_id', 'environment', 'description'].includes(err.field))
        setErrors({ [err.field]: message });
      else setFailure(message);
    }
  }

  const titleId = 'config-upload-title';
  return (
    <Modal show={show} onHide={uploading ? () => undefined : onClose} backdrop={uploading ? 'static' : true} aria-labelledby={titleId} centered>
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton={!uploading}>
          <Modal.Title id={titleId} as="h2" className="h5">
            Upload file
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {failure && (
            <Alert variant="danger" dismissible onClose={() => setFailure(null)}>
              {failure}
            </Alert>
          )}
          <Form.Group className="mb-3" controlId="upload-key">
            <Form.Label>Key</Form.Label>
            <Form.Control
              value={key}
              list="known-file-keys"
              maxLength={128}
              disabled={uploading}
              onChange={(e) => setKey(e.target.value)}
              isInvalid={!!errors.key}
              placeholder="e.g. branding.logo"
              aria-describedby="upload-key-help"
            />
            <datalist id="known-file-keys">
              {KNOWN_CONFIG_KEYS.filter((k) => k.type === 'file').map((k) => (
                <option key={k.key} value={k.key}>
                  {k.title}
                </option>
              ))}
            </datalist>
            <Form.Control.Feedback type="invalid">{errors.key}</Form.Control.Feedback>
            <Form.Text id="upload-key-help">
              {known ? `${known.title}: ${known.effect}` : 'The same key, organization and environment replaces the file.'}
            </Form.Text>
          </Form.Group>
          <Form.Group className="mb-3" controlId="upload-description">
            <Form.Label>Description (optional)</Form.Label>
            <Form.Control
              value={description}
              maxLength={500}
              disabled={uploading}
              onChange={(e) => setDescription(e.target.value)}
              isInvalid={!!errors.description}
            />
            <Form.Control.Feedback type="invalid">{errors.description}</Form.Control.Feedback>
          </Form.Group>
          <div className="row g-3 mb-3">
            <Form.Group className="col-md-6" controlId="upload-scope">
              <Form.Label>Applies to (optional)</Form.Label>
              <Form.Select value={scope} disabled={uploading} onChange={(e) => setScope(e.target.value)} isInvalid={!!errors.organization_id}>
                {scopes.map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label}
                  </option>
                ))}
              </Form.Select>
              <Form.Control.Feedback type="invalid">{errors.organization_id}</Form.Control.Feedback>
            </Form.Group>
            <Form.Group className="col-md-6" controlId="upload-environment">
              <Form.Label>Environment (optional)</Form.Label>
              <Form.Select value={environment} disabled={uploading} onChange={(e) => setEnvironment(e.target.value)}>
                <option value="">{ENVIRONMENT_LABELS.all}</option>
                {ENVIRONMENTS.map((env) => (
                  <option key={env} value={env}>
                    {ENVIRONMENT_LABELS[env]}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </div>
          <Form.Group className="mb-3" controlId="upload-file">
            <Form.Label>File</Form.Label>
            <Form.Control
              type="file"
              disabled={uploading}
              accept={known?.accept?.join(',')}
              onChange={(e) => {
                setFile((e.target as HTMLInputElement).files?.[0] ?? null);
                setErrors(({ file: _drop, ...rest }) => rest);
              }}
              isInvalid={!!errors.file}
              aria-describedby="upload-file-help"
            />
            <Form.Control.Feedback type="invalid">{errors.file}</Form.Control.Feedback>
            <Form.Text id="upload-file-help">At most {formatBytes(limitBytes)} (the upload limit of the product settings).</Form.Text>
          </Form.Group>
          {uploading && (
            <div aria-live="polite">
              <div className="progress" role="progressbar" aria-label="Upload progress" aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100}>
                <div className={`progress-bar${percent < 100 ? ' progress-bar-striped progress-bar-animated' : ''}`} style={{ width: `${percent}%` }}>
                  {percent}%
                </div>
              </div>
              <p className="small text-body-secondary mt-1 mb-0">
                Uploading {file?.name}: {percent}%
              </p>
            </div>
          )}
        </Modal.Body>
        <Modal.Footer>
          {uploading ? (
            <Button variant="outline-danger" onClick={() => controller.current?.abort()}>
              Cancel upload
            </Button>
          ) : (
            <Button variant="outline-secondary" onClick={onClose}>
              Cancel
            </Button>
          )}
          <Button type="submit" variant="primary" disabled={uploading}>
            {uploading ? 'Uploading…' : 'Upload'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
