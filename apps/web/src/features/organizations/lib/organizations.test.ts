import { describe, expect, it } from 'vitest';
import { checkDomain, MAX_DOMAINS } from './domains.ts';
import { listQuery, listStateToParams, nextSort, parseListState } from './list-params.ts';

describe('organizations list state in the URL', () => {
  it('reads q, sort and page with safe defaults', () => {
    expect(parseListState(new URLSearchParams('q=Acme%20Ltd&sort=-created_at&page=3'))).toEqual({ q: 'Acme Ltd', sort: '-created_at', page: 3 });
    expect(parseListState(new URLSearchParams('sort=password&page=-2'))).toEqual({ q: '', sort: 'name', page: 1 });
    expect(parseListState(new URLSearchParams('page=abc'))).toEqual({ q: '', sort: 'name', page: 1 });
  });

  it('writes only what differs from the defaults', () => {
    expect(listStateToParams({ q: '', sort: 'name', page: 1 }).toString()).toBe('');
    expect(listStateToParams({ q: 'a b', sort: '-name', page: 2 }).toString()).toBe('q=a+b&sort=-name&page=2');
    expect(listStateToParams({ q: '   ', sort: 'name', page: 1 }).toString()).toBe('');
  });

  it('cycles a column ascending ↔ descending; dates start newest first', () => {
    expect(nextSort('name', 'name')).toBe('-name');
    expect(nextSort('-name', 'name')).toBe('name');
    expect(nextSort('name', 'created_at')).toBe('-created_at');
    expect(nextSort('-created_at', 'created_at')).toBe('created_at');
    expect(nextSort('created_at', 'name')).toBe('name');
  });

  it('turns a page into limit and offset', () => {
    expect(listQuery({ q: ' acme ', sort: 'name', page: 3 }, 25)).toEqual({ q: 'acme', sort: 'name', limit: 25, offset: 50 });
    expect(listQuery({ q: '', sort: 'name', page: 1 }, 10).q).toBeUndefined();
  });
});

describe('allowed email domain chips', () => {
  it('accepts a domain the server accepts, lower-cased, with a leading @ dropped', () => {
    expect(checkDomain(' Example.COM ', [])).toEqual({ ok: true, domain: 'example.com' });
    expect(checkDomain('@sub.example.co.uk', [])).toEqual({ ok: true, domain: 'sub.example.co.uk' });
  });

  it('refuses what the contract refuses, duplicates and too many', () => {
    expect(checkDomain('not a domain', [])).toEqual({ ok: false, message: 'Enter a domain such as example.com' });
    expect(checkDomain('localhost', [])).toMatchObject({ ok: false });
    expect(checkDomain('-bad.example.com', [])).toMatchObject({ ok: false });
    expect(checkDomain('', [])).toMatchObject({ ok: false });
    expect(checkDomain('EXAMPLE.com', ['example.com'])).toEqual({ ok: false, message: 'example.com is already in the list' });
    const full = Array.from({ length: MAX_DOMAINS }, (_, i) => `d${i}.example`);
    expect(checkDomain('one-more.example', full)).toEqual({ ok: false, message: `At most ${MAX_DOMAINS} domains` });
  });
});
