/** @jsxImportSource preact */
import type { ApplicantTexts } from '@admin-portal/contract/applicant/texts';

interface Common {
  id: string;
  label: string;
  required: boolean;
  texts: ApplicantTexts;
  error?: string | undefined;
}

/** The label with "required"/"optional", and the field's error below it, tied to the input for screen readers. */
function Label({ id, label, required, texts }: Common) {
  return (
    <label class="apply-label" for={id}>
      {label} <span class="apply-hint">({required ? texts.required : texts.optional})</span>
    </label>
  );
}

function ErrorText({ id, error }: { id: string; error?: string | undefined }) {
  return error ? (
    <p class="apply-error" id={`${id}-error`}>
      {error}
    </p>
  ) : null;
}

const described = (id: string, error?: string) => (error ? { 'aria-describedby': `${id}-error`, 'aria-invalid': true as const } : {});

export function TextInput(
  props: Common & {
    type?: 'text' | 'email' | 'number' | 'date';
    value: string;
    autoComplete?: string;
    onInput: (value: string) => void;
    onBlur?: () => void;
  },
) {
  const { id, type = 'text', value, error, required } = props;
  return (
    <div class="apply-field">
      <Label {...props} />
      <input
        id={id}
        name={id}
        class="apply-input"
        // One input for four types (Preact types each input type apart).
        type={type as 'text'}
        inputMode={type === 'number' ? 'decimal' : undefined}
        value={value}
        required={required}
        autoComplete={props.autoComplete}
        onInput={(e) => props.onInput(e.currentTarget.value)}
        onBlur={props.onBlur}
        {...described(id, error)}
      />
      <ErrorText id={id} error={error} />
    </div>
  );
}

export function SelectInput(props: Common & { value: string; options: string[]; onInput: (value: string) => void }) {
  const { id, value, options, error, required, texts } = props;
  return (
    <div class="apply-field">
      <Label {...props} />
      <select
        id={id}
        name={id}
        class="apply-input"
        value={value}
        required={required}
        onChange={(e) => props.onInput(e.currentTarget.value)}
        {...described(id, error)}
      >
        <option value="">{texts.chooseOne}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
      <ErrorText id={id} error={error} />
    </div>
  );
}

export function CheckboxInput(props: Common & { checked: boolean; onInput: (value: boolean) => void }) {
  const { id, label, checked, error, required, texts } = props;
  return (
    <div class="apply-field apply-check">
      <input id={id} name={id} type="checkbox" checked={checked} onChange={(e) => props.onInput(e.currentTarget.checked)} {...described(id, error)} />
      <label for={id}>
        {label} <span class="apply-hint">({required ? texts.required : texts.optional})</span>
      </label>
      <ErrorText id={id} error={error} />
    </div>
  );
}

const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : bytes >= 1024 ? `${Math.round(bytes / 1024)} KB` : `${bytes} B`;
export { formatSize };

/**
 * A file: chosen from the device, or taken with the phone's camera (`capture`), as two buttons on one field. The
 * name and size of the chosen file are read out with the field.
 */
export function FileInput(props: Common & { file: File | null; onInput: (file: File | null) => void }) {
  const { id, label, file, error, required, texts } = props;
  const pick = (e: Event) => props.onInput((e.currentTarget as HTMLInputElement).files?.[0] ?? null);
  return (
    <fieldset class="apply-field apply-file" {...described(id, error)}>
      <legend class="apply-label">
        {label} <span class="apply-hint">({required ? texts.required : texts.optional})</span>
      </legend>
      <div class="apply-file-buttons">
        {/* Each input before its label, which looks like a button and shows the input's keyboard focus. */}
        <input id={id} name={id} class="apply-visually-hidden" type="file" onChange={pick} />
        <label class="apply-button apply-button-secondary" for={id}>
          {texts.fileChoose}
        </label>
        <input id={`${id}-camera`} class="apply-visually-hidden" type="file" accept="image/*" capture="environment" onChange={pick} />
        <label class="apply-button apply-button-secondary" for={`${id}-camera`}>
          {texts.takePhoto}
        </label>
      </div>
      <p class="apply-file-name" aria-live="polite">
        {file ? texts.fileChosen(file.name, formatSize(file.size)) : texts.noFile}
      </p>
      <ErrorText id={id} error={error} />
    </fieldset>
  );
}
