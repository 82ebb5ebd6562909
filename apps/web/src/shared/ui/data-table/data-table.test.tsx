// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { reactRootPerTest } from '../../testing/react-root.ts';
import { DataTable, type DataColumn } from './data-table.tsx';

const dom = reactRootPerTest();

interface Row {
  id: string;
  name: string;
  email: string;
  role: string;
}

const rows: Row[] = [{ id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', role: 'Admin' }];
const columns: DataColumn<Row>[] = [
  { id: 'name', header: 'Name', grow: true, cell: (r) => r.name },
  { id: 'email', header: 'Email', priority: 2, cell: (r) => <a href={`mailto:${r.email}`}>{r.email}</a>, fold: (r) => r.email },
  { id: 'role', header: 'Role', priority: 4, cell: (r) => r.role },
  { id: 'secret', header: 'Internal', priority: 6, fold: false, cell: () => 'x' },
  { id: 'actions', header: 'Actions', hideHeader: true, actions: true, cell: () => <button type="button">Edit</button> },
];

const render = (fold?: string) =>
  dom.render(<DataTable label="People" rows={rows} getRowId={(r) => r.id} columns={columns} loading={false} empty="None" {...(fold ? { fold } : {})} />);

describe('DataTable columns by priority', () => {
  it('marks each column’s header and cells with its priority, and leaves priority 1 unmarked', () => {
    render();
    const priorities = (selector: string) => [...dom.host.querySelectorAll(selector)].map((c) => c.getAttribute('data-priority'));
    expect(priorities('thead th')).toEqual([null, '2', '4', '6', null]);
    expect(priorities('tbody td')).toEqual([null, '2', '4', '6', null]);
    // The frame is the container its widths are queried on.
    expect(dom.host.querySelector('table')!.parentElement!.className).toContain('dt-frame');
  });

  it('gives the growing column and the actions their classes', () => {
    render();
    const cells = dom.host.querySelectorAll('tbody td');
    expect(cells[0]!.className).toContain('dt-grow');
    expect(cells[4]!.className).toContain('dt-actions');
    expect(dom.host.querySelectorAll('thead th')[4]!.className).toContain('dt-actions');
  });

  it('folds what the hidden columns say under the fold column, each under its priority, unless a column opts out', () => {
    render('name');
    const items = [...dom.host.querySelectorAll('tbody td')[0]!.querySelectorAll('.dt-fold-item')];
    expect(items.map((i) => [i.getAttribute('data-fold'), i.textContent])).toEqual([
      ['2', 'Email:ada@example.com'],
      ['4', 'Role:Admin'],
    ]);
    // The column's own cell keeps its markup (the link); the fold says it in words.
    expect(dom.host.querySelectorAll('tbody td')[1]!.querySelector('a')!.getAttribute('href')).toBe('mailto:ada@example.com');
  });

  it('folds nothing without a fold column', () => {
    render();
    expect(dom.host.querySelector('.dt-fold')).toBeNull();
  });
});
