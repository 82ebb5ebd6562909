import { Fragment, isValidElement, type ReactNode } from 'react';

/*
 * A small inline icon set (24 × 24, stroked with the current text colour), so the shell needs no icon font or
 * icon package. Names follow the menu's `icon` fields in the contract; anything unknown draws a dot.
 */
const PATHS: Record<string, ReactNode> = {
  speedometer2: (
    <>
      <path d="M3.5 18a9.5 9.5 0 1 1 17 0" />
      <path d="m12 14 4.5-5" />
      <circle cx="12" cy="14" r="1.2" />
    </>
  ),
  'diagram-3': (
    <>
      <rect x="9" y="3" width="6" height="5" rx="1" />
      <rect x="3" y="16" width="6" height="5" rx="1" />
      <rect x="15" y="16" width="6" height="5" rx="1" />
      <path d="M12 8v4M6 16v-2a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v2" />
    </>
  ),
  tools: (
    <path d="M14.5 6.5a4 4 0 0 1 5.3-3.8l-2.6 2.6.4 2.4 2.4.4 2.6-2.6a4 4 0 0 1-5.4 5.1l-8.3 8.3a1.9 1.9 0 0 1-2.7-2.7l8.3-8.3z" />
  ),
  activity: <path d="M3 12h4l3-7 4 14 3-7h4" />,
  x: <path d="M6 6l12 12M18 6 6 18" />,
  people: (
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20a6.5 6.5 0 0 1 13 0" />
      <path d="M16 4.6a3.5 3.5 0 0 1 0 6.8M18 14.3a6.5 6.5 0 0 1 3.5 5.7" />
    </>
  ),
  gear: (
    <>
      <path d="M4 6h9M17 6h3M4 12h3M11 12h9M4 18h11M19 18h1" />
      <circle cx="15" cy="6" r="2" />
      <circle cx="9" cy="12" r="2" />
      <circle cx="17" cy="18" r="2" />
    </>
  ),
  menu: <path d="M4 6h16M4 12h16M4 18h16" />,
  search: (
    <>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.6-3.6" />
    </>
  ),
  sun: (
    <>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </>
  ),
  moon: <path d="M20.5 13.2A8.5 8.5 0 1 1 10.8 3.5a6.6 6.6 0 0 0 9.7 9.7z" />,
  help: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M9.6 9.2a2.5 2.5 0 0 1 4.9.6c0 1.7-2.5 2.2-2.5 3.9" />
      <path d="M12 17h.01" />
    </>
  ),
  'chevron-down': <path d="m6 9 6 6 6-6" />,
  user: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </>
  ),
  logout: (
    <>
      <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />
      <path d="m16 17 5-5-5-5M21 12H9" />
    </>
  ),
  building: (
    <>
      <rect x="4" y="3" width="16" height="18" rx="1.5" />
      <path d="M9 7h1M14 7h1M9 11h1M14 11h1M9 15h1M14 15h1M10 21v-3h4v3" />
    </>
  ),
  clock: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </>
  ),
  // Workflow step types (contract step-types/*.ts `icon`) and the builder's toolbar.
  'play-circle': (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="m10 8.5 5 3.5-5 3.5z" />
    </>
  ),
  'ui-checks': (
    <>
      <rect x="3" y="4" width="6" height="6" rx="1" />
      <rect x="3" y="14" width="6" height="6" rx="1" />
      <path d="m4.5 7 1.2 1.2L8 5.8M12 7h9M12 17h9" />
    </>
  ),
  plug: <path d="M9 3v5M15 3v5M6 8h12v3a6 6 0 0 1-12 0zM12 17v4" />,
  'signpost-split': <path d="M12 3v18M12 6H5l-2 2.5L5 11h7M12 11h7l2 2.5-2 2.5h-7" />,
  'person-check': (
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 11l2 2 4-4" />
    </>
  ),
  stars: <path d="M12 3l1.8 4.7L18.5 9.5l-4.7 1.8L12 16l-1.8-4.7L5.5 9.5l4.7-1.8zM19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8z" />,
  'hourglass-split': <path d="M6 3h12M6 21h12M7 3c0 5 10 5 10 9s-10 4-10 9M17 3c0 5-10 5-10 9s10 4 10 9" />,
  bell: <path d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0" />,
  flag: <path d="M5 21V4M5 4h11l-2 4 2 4H5" />,
  'arrow-left': <path d="M19 12H5M11 6l-6 6 6 6" />,
  undo: <path d="M9 14 4 9l5-5M4 9h10a6 6 0 0 1 0 12h-3" />,
  redo: <path d="m15 14 5-5-5-5M20 9H10a6 6 0 0 0 0 12h3" />,
  'diagram-layout': (
    <>
      <rect x="3" y="9" width="5" height="6" rx="1" />
      <rect x="16" y="3" width="5" height="6" rx="1" />
      <rect x="16" y="15" width="5" height="6" rx="1" />
      <path d="M8 12h4v-6h4M12 12v6h4" />
    </>
  ),
  'clock-history': (
    <>
      <path d="M3 12a9 9 0 1 0 3-6.7L3 8" />
      <path d="M3 3v5h5M12 7v5l3 2" />
    </>
  ),
  save: <path d="M5 3h11l3 3v15H5zM8 3v5h7V3M8 21v-7h8v7" />,
  keyboard: (
    <>
      <rect x="2" y="6" width="20" height="12" rx="2" />
      <path d="M6 10h.01M10 10h.01M14 10h.01M18 10h.01M7 14h10" />
    </>
  ),
  'exclamation-triangle': <path d="M12 3 2 20h20zM12 10v4M12 17h.01" />,
  template: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="2" />
      <path d="M3 9h18M9 21V9" />
    </>
  ),
  trash: <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />,
  copy: (
    <>
      <rect x="8" y="8" width="13" height="13" rx="2" />
      <path d="M16 8V5a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v9a2 2 0 0 0 2 2h3" />
    </>
  ),
  // Tool types (contract tool-types/*.ts `icon`).
  globe: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
    </>
  ),
  send: <path d="M21 3 3 10.5l7 3 3 7.5zM21 3 10 13.5" />,
  shuffle: <path d="M3 7h4l10 10h4M3 17h4l3-3M14 10l3-3h4M18 4l3 3-3 3M18 14l3 3-3 3" />,
  dot: <circle cx="12" cy="12" r="2.5" />,
};

export type IconName = keyof typeof PATHS;

interface IconProps {
  name: string;
  className?: string;
  /** Edge length in px (default 1.15em). */
  size?: number;
}

/** Decorative: always hidden from assistive technology, so the control around it must carry the label. */
export function Icon({ name, className, size }: IconProps) {
  const dimension = size ?? '1.15em';
  return (
    <svg
      className={`icon${className ? ` ${className}` : ''}`}
      width={dimension}
      height={dimension}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {PATHS[name] ?? PATHS.dot}
    </svg>
  );
}

const ATTRIBUTE_NAMES: Record<string, string> = { strokeWidth: 'stroke-width', strokeLinecap: 'stroke-linecap', strokeLinejoin: 'stroke-linejoin' };

/** The icon's shapes as SVG markup (the set holds only plain shapes with string or number attributes). */
function markup(node: ReactNode): string {
  if (Array.isArray(node)) return node.map(markup).join('');
  if (!isValidElement<Record<string, unknown>>(node)) return '';
  const { children, ...props } = node.props;
  if (node.type === Fragment) return markup(children as ReactNode);
  const attributes = Object.entries(props)
    .map(([k, v]) => ` ${ATTRIBUTE_NAMES[k] ?? k}="${String(v)}"`)
    .join('');
  return `<${String(node.type)}${attributes}/>`;
}

const dataUrls = new Map<string, string>();

/**
 * The same icon as a CSS image (`url("data:image/svg+xml,…")`) stroked in `color`. For places that repeat an icon
 * hundreds of times, such as steps on the builder's canvas: an inline `<svg>` each costs the browser a separate
 * painting context to composite on every frame, a background image costs nothing of the kind.
 */
export function iconImage(name: string, color: string): string {
  const key = `${name} ${color}`;
  let url = dataUrls.get(key);
  if (!url) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="${color}" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round">${markup(PATHS[name] ?? PATHS.dot)}</svg>`;
    url = `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
    dataUrls.set(key, url);
  }
  return url;
}
