import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('PUBLIC_URL', () => {
  it('defaults to localhost on the configured port', () => {
    expect(loadConfig({ PORT: '9001' }).publicUrl).toBe('http://localhost:9001');
  });

  it('keeps a path and drops trailing slashes', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example.com/ops/' }).publicUrl).toBe('https://portal.example.com/ops');
  });

  it('refuses what is not an absolute http(s) address', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'portal.example.com' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://portal.example.com' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'https://portal.example.com/?x=1' })).toThrow(/PUBLIC_URL/);
  });
});
