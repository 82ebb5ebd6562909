/** users-YYYY-MM-DD.csv, dated in UTC like the server's own Content-Disposition. */
export function exportFilename(now: Date = new Date()): string {
  return `users-${now.toISOString().slice(0, 10)}.csv`;
}
