/**
 * What the assistant's product facts are: a fact's shape, what it is given and what it answers. Apart from the facts
 * themselves (facts.ts), so a fact kept in a module of its own (application-lookup.ts) needs nothing of the others.
 */
import type { z } from 'zod';
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
