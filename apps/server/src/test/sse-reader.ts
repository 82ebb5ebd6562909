/**
 * A plain fetch reader of server-sent events for tests over real HTTP: it parses the text as it arrives (fields
 * `id`, `event`, `data`; comment lines skipped) and says when the server ended the stream.
 */
export interface SseMessage {
  id?: string;
  event?: string;
  data: string;
}

/** Reads server-sent events from a fetch response until it is closed (or the stream ends). */
export class SseReader {
  readonly messages: SseMessage[] = [];
  private readonly abort = new AbortController();
  private waiters: (() => void)[] = [];
  done: Promise<void> = Promise.resolve();
  status = 0;
  /** The body of an answer that is not a stream (an error), parsed as JSON. */
  error: { detail?: string; validation_errors?: { field: string; message: string }[] } | null = null;
  /** true once the server ended the stream. */
  ended = false;

  async open(url: string, headers: Record<string, string>): Promise<void> {
    const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: this.abort.signal });
    this.status = res.status;
    if (!res.ok || !res.body) {
      this.error = (await res.json().catch(() => null)) as SseReader['error'];
      return;
    }
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    this.done = (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) {
            this.ended = true;
            for (const w of this.waiters.splice(0)) w();
            break;
          }
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const message: SseMessage = { data: '' };
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) continue;
              const [field, ...rest] = line.split(':');
              const text = rest.join(':').replace(/^ /, '');
              if (field === 'id') message.id = text;
              else if (field === 'event') message.event = text;
              else if (field === 'data') message.data += text;
            }
            if (message.event || message.data) this.messages.push(message);
            for (const w of this.waiters.splice(0)) w();
          }
        }
      } catch {
        // aborted
      }
    })();
  }

  /** The `data` of the first event named `name`, parsed. */
  first<T = Record<string, unknown>>(name: string): (T & { id?: string }) | undefined {
    const message = this.messages.find((m) => m.event === name);
    return message ? { ...(JSON.parse(message.data) as T), ...(message.id === undefined ? {} : { id: message.id }) } : undefined;
  }

  events(): { id: string; type: string; application_id: string; organization_id: string }[] {
    return this.messages.filter((m) => m.event === 'application_event').map((m) => ({ id: m.id!, ...JSON.parse(m.data) }));
  }

  async waitFor(predicate: () => boolean, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate()) {
      if (Date.now() > deadline) throw new Error(`stream: condition not met; got ${JSON.stringify(this.messages.slice(-5))}`);
      await Promise.race([new Promise<void>((r) => this.waiters.push(r)), new Promise((r) => setTimeout(r, 200))]);
    }
  }

  close(): void {
    this.abort.abort();
  }
}
