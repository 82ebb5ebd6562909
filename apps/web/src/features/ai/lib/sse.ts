/** Server-sent events read from a fetch body: `event:` and `data:` lines, one event per blank-line-separated block. */
export interface SseEvent {
  event: string;
  data: string;
}

/** Splits what has arrived into complete events and the unfinished rest (kept for the next chunk). */
export function takeEvents(buffer: string): { events: SseEvent[]; rest: string } {
  const blocks = buffer.replace(/\r\n/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  const events = blocks
    .map((block) => {
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      return { event, data: data.join('\n') };
    })
    .filter((e) => e.data !== '');
  return { events, rest };
}
