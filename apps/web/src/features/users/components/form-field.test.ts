// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { focusFirstField } from './form-field.tsx';

/** A dialog with two fields, the first marked to take the focus, and a button outside it (a row menu's toggle). */
function dialogWithFields() {
  document.body.innerHTML = `
    <button id="toggle">Actions</button>
    <div role="dialog" tabindex="-1" id="dialog">
      <input id="first" data-autofocus="true" />
      <input id="second" />
    </div>`;
  const byId = (id: string) => document.getElementById(id)!;
  return { dialog: byId('dialog'), first: byId('first'), second: byId('second'), toggle: byId('toggle') };
}

describe('focusFirstField, once a dialog has opened', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('takes the focus to the first field from outside the dialog (a row menu gave it back to its toggle)', () => {
    const { dialog, first, toggle } = dialogWithFields();
    toggle.focus();
    focusFirstField(dialog);
    expect(document.activeElement).toBe(first);
  });

  it('takes the focus to the first field from the dialog itself', () => {
    const { dialog, first } = dialogWithFields();
    dialog.focus();
    focusFirstField(dialog);
    expect(document.activeElement).toBe(first);
  });

  it('leaves someone already in a field where they are (they typed and tabbed on while it opened)', () => {
    const { dialog, second } = dialogWithFields();
    second.focus();
    focusFirstField(dialog);
    expect(document.activeElement).toBe(second);
  });
});
