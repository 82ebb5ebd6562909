/**
 * What the assistant's product facts are: a fact's shape, what it is given and what it answers, and the catalogue the
 * assistants are given. The facts themselves live with their domains (`modules/<domain>/<domain>.facts.ts`), listed
 * in `modules/ai/product-facts.ts`, so the assistant imports no module: app.ts hands it the catalogue.
 */
import type { z } from 'zod';
import type { Permission } from '@admin-portal/contract/permissions';
import type { Db } from '../db/client.ts';
import type { AuthContext } from '../http/context.ts';

export interface Link {
  title: string;
  url: string;
}

export interface FactResult {
  title: string;
  /** Markdown; every value from the database escaped. */
  markdown: string;
  links: Link[];
}

export interface FactContext {
  db: Db;
  auth: AuthContext;
  timeZone: string;
}

export interface ProductFact<A> {
  name: string;
  /** What it answers, for a language model choosing tools. */
  description: string;
  parameters: z.ZodType<A>;
  /** Which permission it needs, in words, when the caller lacks it. */
  needs: string;
  allowed(auth: AuthContext): boolean;
  run(ctx: FactContext, args: A): Promise<FactResult>;
}

export function defineFact<A>(fact: ProductFact<A>): ProductFact<A> {
  return fact;
}

/** Whether the caller holds any of the permissions. */
export const hasAny = (auth: AuthContext, ...any: Permission[]): boolean => any.some((p) => auth.permissions.has(p));

/** The facts an assistant may read, by name. */
export interface FactCatalogue {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly all: readonly ProductFact<any>[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  byName(name: string): ProductFact<any> | undefined;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function factCatalogue(facts: readonly ProductFact<any>[]): FactCatalogue {
  const byName = new Map(facts.map((f) => [f.name, f]));
  if (byName.size !== facts.length) throw new Error('Two product facts share a name');
  return { all: facts, byName: (name) => byName.get(name) };
}

/** Links into the portal, each address once, at most five (what a reply lists). */
export function portalLinks(links: readonly Link[]): Link[] {
  const seen = new Set<string>();
  return links.filter((l) => l.url.startsWith('/') && !seen.has(l.url) && (seen.add(l.url), true)).slice(0, 5);
}
