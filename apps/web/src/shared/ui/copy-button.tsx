import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { CONTROL_ICONS } from './icon-sets/controls.ts';
import { addIcons, Icon } from './icons.tsx';
import { copyText, selectContents, type CopyOutcome } from '../lib/copy-text.ts';

addIcons(CONTROL_ICONS);

interface Props {
  /** The text to copy. */
  text: string;
  /** What is copied, for the button's name: "Copy {what}" ("Copy endpoint URL"). */
  what: string;
  /** Where the text is on screen, selected when the clipboard is unavailable so Ctrl+C / ⌘C copies it. */
  target?: () => HTMLElement | null;
  size?: 'sm' | 'lg';
  variant?: string;
  className?: string;
}

const RESET_MS = 2500;

/**
 * Copies to the clipboard and says so where the person looks ("Copied", announced politely). Without a clipboard
 * (an insecure context, a refusal) it selects the text on screen and asks for Ctrl+C instead.
 */
export function CopyButton({ text, what, target, size = 'sm', variant = 'outline-secondary', className }: Props) {
  const [outcome, setOutcome] = useState<CopyOutcome | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function onCopy() {
    const result = await copyText(text);
    if (result === 'manual') selectContents(target?.() ?? null);
    setOutcome(result);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOutcome(null), result === 'copied' ? RESET_MS : RESET_MS * 3);
  }

  return (
    <span className={`d-inline-flex align-items-center gap-2${className ? ` ${className}` : ''}`}>
      <Button variant={variant} size={size} onClick={() => void onCopy()} className="text-nowrap">
        {outcome === 'copied' ? (
          <span aria-hidden="true" className="me-1">
            ✓
          </span>
        ) : (
          <Icon name="copy" className="me-1" />
        )}
        {outcome === 'copied' ? 'Copied' : 'Copy'}
        <span className="visually-hidden"> {what}</span>
      </Button>
      <span role="status" className="small text-body-secondary">
        {outcome === 'copied' && <span className="visually-hidden">{`${what} copied to the clipboard`}</span>}
        {outcome === 'manual' && 'Selected: press Ctrl+C (⌘C) to copy'}
      </span>
    </span>
  );
}
