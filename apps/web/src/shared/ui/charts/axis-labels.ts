/**
 * A bar chart's row labels, fitted to the room its axis may take, so a long one is never drawn past the chart's left
 * edge and cut off ("tity document and selfie", issue 32 item 11). A label is wrapped at
 * spaces onto the lines a row has room for, and what still does not fit ends in "…" (the tooltip and the data table
 * have it whole).
 */

/** The share of the chart's width its row labels may take. */
export const LABEL_SHARE = 0.4;
/** Narrower than this, a label column would show nothing useful. */
const MIN_ROOM = 56;

/** The width (px) the row labels of a chart this wide may take. */
export const labelRoom = (chartWidth: number): number => Math.max(MIN_ROOM, Math.floor(chartWidth * LABEL_SHARE));

/** The longest start of `text` that fits in `room` with "…" after it ("…" alone when nothing does). */
export function ellipsize(text: string, room: number, measure: (s: string) => number): string {
  if (measure(text) <= room) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (measure(`${text.slice(0, mid).trimEnd()}…`) <= room) lo = mid;
    else hi = mid - 1;
  }
  return `${text.slice(0, lo).trimEnd()}…`;
}

/**
 * `text` on at most `lines` lines no wider than `room`, broken at spaces; the last line ends in "…" when the rest does
 * not fit (and so does a line whose first word alone is too wide).
 */
export function fitLabel(text: string, room: number, lines: number, measure: (s: string) => number): string[] {
  const out: string[] = [];
  let rest = text.trim().split(/\s+/).filter(Boolean);
  while (rest.length > 0 && out.length < lines) {
    let n = 0;
    while (n < rest.length && measure(rest.slice(0, n + 1).join(' ')) <= room) n += 1;
    if (n === rest.length) {
      out.push(rest.join(' '));
      break;
    }
    if (n === 0 || out.length === lines - 1) {
      out.push(ellipsize(rest.join(' '), room, measure));
      break;
    }
    out.push(rest.slice(0, n).join(' '));
    rest = rest.slice(n);
  }
  return out;
}
