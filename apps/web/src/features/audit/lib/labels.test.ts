import { describe, expect, it } from 'vitest';
import { targetCell, targetTypeLabel } from './labels.ts';

const UUID = '3f2a9c1b-5d7e-4f60-8a91-b2c3d4e5f607';

describe('targetCell', () => {
  it('shows the target’s name over its type, never its id', () => {
    expect(targetCell({ target_type: 'user', target_id: UUID, target_name: 'Jane Doe' })).toEqual({ main: 'Jane Doe', sub: 'User' });
    expect(targetCell({ target_type: 'tool_configuration', target_id: UUID, target_name: 'CRM lookup (staging)' })).toEqual({
      main: 'CRM lookup (staging)',
      sub: 'Tool configuration',
    });
  });

  it('without a name, the type over the start of the id (the whole id is in the details)', () => {
    expect(targetCell({ target_type: 'application', target_id: UUID, target_name: null })).toEqual({ main: 'Application', sub: '3f2a9c1b…' });
    expect(targetCell({ target_type: 'system_settings', target_id: null, target_name: null })).toEqual({ main: 'Product settings', sub: null });
    expect(targetCell({ target_type: 'user', target_id: 'b12', target_name: null })).toEqual({ main: 'User', sub: 'b12' });
  });
});

describe('targetTypeLabel', () => {
  it('reads the types in words', () => {
    expect(targetTypeLabel('api_key')).toBe('API key');
    expect(targetTypeLabel('step_connection')).toBe('Step connection');
    expect(targetTypeLabel('something_new')).toBe('Something new');
  });
});
