import type { ReactNode } from 'react';

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
