import { describe, expect, it } from 'vitest';
import { sortDirection } from './sort-direction.ts';

describe('sortDirection', () => {
  it('reads a sort as ascending, descending or none for a column', () => {
    expect(sortDirection('name', 'name')).toBe('ascending');
    expect(sortDirection('-name', 'name')).toBe('descending');
    expect(sortDirection('-updated_at', 'name')).toBe('none');
    expect(sortDirection('name_x', 'name')).toBe('none');
  });
});
