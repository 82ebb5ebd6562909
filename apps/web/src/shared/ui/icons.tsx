import { SHELL_ICONS } from './icon-sets/shell.ts';

/*
 * Bootstrap Icons (16 × 16, filled with the current text colour), drawn by name: the names are the package's
 * (https://icons.getbootstrap.com), as the contract's `icon` fields are. Only the icons the app draws are in its
 * JavaScript, copied out of the package by apps/web/build/icon-sets.ts in sets split by where they are drawn
 * (docs/decisions/0054): the shell's set is always here; a module that draws icons of another set registers that set
 * with `addIcons` when it loads. Anything unknown draws a dot.
 */

/** Icon name → the SVG markup inside its 16 × 16 viewBox (a generated icon set, icon-sets/*.ts). */
export type IconSet = Readonly<Record<string, string>>;

const FALLBACK = SHELL_ICONS.dot;
const known = new Map<string, string>(Object.entries(SHELL_ICONS));

/**
 * Makes a set's icons drawable by name. Called at the top of each module that draws them, so that the set is loaded
 * with the screens that need it (and no other) and registered before any of them draws.
 */
export function addIcons(set: IconSet): void {
  for (const [name, markup] of Object.entries(set)) known.set(name, markup);
}

/** The markup the name draws: its icon's, or the dot's when no registered set has it. */
function markupOf(name: string): string {
  return known.get(name) ?? FALLBACK;
}

/** Whether the name draws its own icon rather than the dot. */
export function hasIcon(name: string): boolean {
  return known.has(name);
}

interface IconProps {
  name: string;
  className?: string;
  /** Edge length in px (default 1em, the text's size: the artwork fills its box). */
  size?: number;
}

/**
 * Decorative: always hidden from assistive technology, so the control around it must carry the label. The markup is
 * only ever a generated set's (a name is a key, never markup), so setting it as the element's HTML is safe.
 */
export function Icon({ name, className, size }: IconProps) {
  const dimension = size ?? '1em';
  return (
    <svg
      className={`icon${className ? ` ${className}` : ''}`}
      width={dimension}
      height={dimension}
      viewBox="0 0 16 16"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      dangerouslySetInnerHTML={{ __html: markupOf(name) }}
    />
  );
}

const dataUrls = new Map<string, string>();

/**
 * The same icon as a CSS image (`url("data:image/svg+xml,…")`) filled with `color`. For places that repeat an icon
 * hundreds of times, such as steps on the builder's canvas: an inline `<svg>` each costs the browser a separate
 * painting context to composite on every frame, a background image costs nothing of the kind.
 */
export function iconImage(name: string, color: string): string {
  const key = `${name} ${color}`;
  let url = dataUrls.get(key);
  if (!url) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16" fill="${color}">${markupOf(name)}</svg>`;
    url = `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
    // A name not registered yet is not kept as a dot: its set may still be added.
    if (known.has(name)) dataUrls.set(key, url);
  }
  return url;
}
