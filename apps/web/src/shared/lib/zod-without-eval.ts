/**
 * zod compiles its object parsers with `new Function` where it may, and probes whether it may by trying. The portal's
 * Content-Security-Policy forbids eval (ADR 0038), so the probe alone is reported as a violation. main.tsx imports
 * this first, before any schema is built: zod then parses without compiling and never probes.
 *
 * It writes the setting where `z.config` keeps it (zod reads `globalThis.__zod_globalConfig` when it loads, and every
 * copy of zod shares it) rather than calling `z.config`: importing zod here would move its core into the first
 * download of every page, the sign-in page's included. zod-without-eval.test.ts checks zod sees it.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });

export {}; // a module: main.tsx imports it for its effect
