import { describe, expect, it } from 'vitest';
import { callerName, callerTypeLabel, hasPayload, prettyPayload, requestLine, toolLabel } from './execution-display.ts';

describe('execution display', () => {
  it('pretty-prints payloads, keeping strings as they are', () => {
    expect(prettyPayload({ full_name: 'Ada Lovelace' })).toBe('{\n  "full_name": "Ada Lovelace"\n}');
    expect(prettyPayload('plain text body')).toBe('plain text body');
    expect(prettyPayload(null)).toBe('null');
    expect(prettyPayload(undefined)).toBe('null');
  });

  it('knows when nothing was recorded', () => {
    expect(hasPayload(null)).toBe(false);
    expect(hasPayload({})).toBe(false);
    expect(hasPayload('')).toBe(false);
    expect(hasPayload([])).toBe(true);
    expect(hasPayload(0)).toBe(true);
    expect(hasPayload({ a: 1 })).toBe(true);
  });

  it('writes the request line, or nothing for a tool that sent no request', () => {
    expect(requestLine({ method: 'post', url: 'http://127.0.0.1:4000/hook' })).toBe('POST http://127.0.0.1:4000/hook');
    expect(requestLine({ url: 'http://x' })).toBe('http://x');
    expect(requestLine({})).toBeNull();
    expect(requestLine(null)).toBeNull();
  });

  it('names callers and tools', () => {
    expect(callerTypeLabel('mcp')).toBe('MCP client');
    expect(callerTypeLabel('cron')).toBe('cron');
    expect(callerName({ caller_name: 'ops@example.com', caller_id: 'u1' })).toBe('ops@example.com');
    expect(callerName({ caller_name: null, caller_id: 'wf-1' })).toBe('wf-1');
    expect(callerName({ caller_name: null, caller_id: null })).toBe('—');
    expect(toolLabel(null)).toBe('Deleted tool');
  });
});
