import { describe, expect, it } from 'vitest';
import { exportFilename } from './export-file.ts';

describe('exportFilename', () => {
  it('is users-YYYY-MM-DD.csv, dated in UTC like the server’s', () => {
    expect(exportFilename(new Date('2025-03-07T12:00:00Z'))).toBe('users-2025-03-07.csv');
    expect(exportFilename(new Date('2025-12-31T23:59:59Z'))).toBe('users-2025-12-31.csv');
  });
});
