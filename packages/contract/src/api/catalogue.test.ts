import { describe, expect, it } from 'vitest';
import { CATALOGUE, DOMAINS, ENDPOINTS } from './catalogue.ts';
import { routeKey } from './endpoint.ts';
import { API_TAGS } from './tags.ts';

describe('the endpoint catalogue', () => {
  it('names every endpoint once: no operationId or route is declared twice', () => {
    const declared = DOMAINS.flatMap((domain) => Object.keys(domain));
    expect(declared.length).toBe(Object.keys(CATALOGUE).length);
    const routes = ENDPOINTS.map(routeKey);
    expect(routes.filter((r, i) => routes.indexOf(r) !== i)).toEqual([]);
  });

  it('gives each endpoint the operationId it is declared under, verb first in camelCase', () => {
    for (const [key, e] of Object.entries(CATALOGUE)) {
      expect(e.operationId).toBe(key);
      expect(key, key).toMatch(/^[a-z]+[A-Z][A-Za-z0-9]*$/);
    }
  });

  it('tags each endpoint with a known tag and gives it a one-line summary', () => {
    for (const e of ENDPOINTS) {
      for (const tag of e.tags) expect(Object.keys(API_TAGS), `${routeKey(e)} tag ${tag}`).toContain(tag);
      expect(e.summary.length, `${routeKey(e)}: "${e.summary}"`).toBeLessThanOrEqual(80);
      expect(e.summary, routeKey(e)).not.toMatch(/\.$/);
    }
  });

  it('declares path parameters that the path has, and no others', () => {
    for (const e of ENDPOINTS) {
      const inPath = [...e.path.matchAll(/:(\w+)/g)].map((m) => m[1]).sort();
      const declared = e.params && 'shape' in e.params ? Object.keys((e.params as unknown as { shape: object }).shape).sort() : [];
      expect(declared, routeKey(e)).toEqual(inPath);
    }
  });
});
