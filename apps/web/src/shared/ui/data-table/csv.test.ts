import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

describe('toCsv', () => {
  it('writes the exported columns only, quoting what needs it', () => {
    const rows = [
      { name: 'Ada, Countess', note: 'said "hi"', n: 3 },
      { name: 'Line\nbreak', note: null, n: 0 },
    ];
    const csv = toCsv(
      [
        { header: 'Name', csv: (r: (typeof rows)[number]) => r.name },
        { header: 'Actions' },
        { header: 'Note', csv: (r: (typeof rows)[number]) => r.note },
        { header: 'Count', csv: (r: (typeof rows)[number]) => r.n },
      ],
      rows,
    );
    expect(csv).toBe('Name,Note,Count\r\n"Ada, Countess","said ""hi""",3\r\n"Line\nbreak",,0\r\n');
  });

  it('defuses text a spreadsheet would run as a formula, but not numbers', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell(-5)).toBe('-5');
  });
});
