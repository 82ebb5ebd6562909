import { describe, expect, it } from 'vitest';
import { takeEvents } from './sse.ts';

describe('server-sent events from a stream', () => {
  it('returns the complete events and keeps the unfinished one for the next chunk', () => {
    const first = takeEvents('event: delta\ndata: {"text":"Hel"}\n\nevent: delta\ndata: {"te');
    expect(first.events).toEqual([{ event: 'delta', data: '{"text":"Hel"}' }]);
    const second = takeEvents(`${first.rest}xt":"lo"}\n\nevent: done\ndata: {}\n\n`);
    expect(second.events).toEqual([
      { event: 'delta', data: '{"text":"lo"}' },
      { event: 'done', data: '{}' },
    ]);
    expect(second.rest).toBe('');
  });

  it('reads CRLF line ends and events without a name', () => {
    expect(takeEvents('data: x\r\n\r\n').events).toEqual([{ event: 'message', data: 'x' }]);
  });
});
