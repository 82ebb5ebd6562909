import type { Config } from '../config.ts';

/**
 * The room a route that takes a whole workflow graph (saving it, or a template of it) gives its body. BODY_LIMIT
 * (1 MiB by default) was sized when a graph had at most 1,000 steps; a graph may now have 2,000 (MAX_GRAPH_STEPS),
 * and a saved graph of realistic steps takes about 0.5 KB a step, so these routes keep the same room per step:
 * twice BODY_LIMIT. The served OpenAPI document states it on each such operation (`x-body-limit`).
 */
export const graphBodyLimit = (config: Pick<Config, 'bodyLimit'>): number => 2 * config.bodyLimit;
