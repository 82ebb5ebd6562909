import { describe, expect, it } from 'vitest';
import { prefilledEmailFrom, returnPathFrom } from './return-path.ts';

describe('returnPathFrom', () => {
  it('returns to the location the auth gate remembered, with its query and hash', () => {
    expect(returnPathFrom({ from: { pathname: '/users', search: '?q=ada', hash: '#top' } })).toBe('/users?q=ada#top');
  });

  it('defaults to the dashboard', () => {
    expect(returnPathFrom(null)).toBe('/dashboard');
    expect(returnPathFrom({})).toBe('/dashboard');
    expect(returnPathFrom({ from: { pathname: '/login' } })).toBe('/dashboard');
    expect(returnPathFrom({ from: { pathname: '/' } })).toBe('/dashboard');
  });

  it('never leaves the app', () => {
    expect(returnPathFrom({ from: { pathname: '//evil.example.com' } })).toBe('/dashboard');
    expect(returnPathFrom({ from: { pathname: 'https://evil.example.com' } })).toBe('/dashboard');
  });
});

describe('prefilledEmailFrom', () => {
  it('takes the email a page handed over, and nothing else', () => {
    expect(prefilledEmailFrom({ email: 'new@example.com' })).toBe('new@example.com');
    expect(prefilledEmailFrom({ email: 42 })).toBe('');
    expect(prefilledEmailFrom(null)).toBe('');
    expect(prefilledEmailFrom({ from: { pathname: '/users' } })).toBe('');
  });
});
