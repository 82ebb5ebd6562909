/** Pages needed for a total (at least one). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Page numbers to show around the current one, with null for a gap: 1 … 4 5 6 … 12. */
export function pageWindow(current: number, count: number, spread = 1): (number | null)[] {
  const pages = new Set<number>([1, count]);
  for (let p = current - spread; p <= current + spread; p += 1) if (p >= 1 && p <= count) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((p, i) => {
    const prev = sorted[i - 1];
    if (prev !== undefined && p - prev > 1) out.push(p - prev === 2 ? p - 1 : null);
    out.push(p);
  });
  return out;
}

/** The page sizes to offer: the usual ones, plus the current one (in order) when it is not among them. */
export function pageSizeOptions(sizes: readonly number[], current: number): readonly number[] {
  return sizes.includes(current) ? sizes : [...sizes, current].sort((a, b) => a - b);
}

/** "x–y of total" for the rows on screen; "0 of 0" for none; "1,000+" when the server stopped counting at its cap. */
export function rowRange(offset: number, rows: number, total: number, exact = true): string {
  const of = exact ? String(total) : `${total.toLocaleString('en-US')}+`;
  if (total === 0 || rows === 0) return `0 of ${of}`;
  return `${offset + 1}–${offset + rows} of ${of}`;
}
