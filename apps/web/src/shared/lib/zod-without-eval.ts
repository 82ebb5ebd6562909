import { z } from 'zod';

/**
 * zod compiles its object parsers with `new Function` where it may, and probes whether it may by trying. The portal's
 * Content-Security-Policy forbids eval (ADR 0038), so the probe alone is reported as a violation. Imported first by
 * main.tsx, before any schema is built: zod then parses without compiling and never probes.
 */
z.config({ jitless: true });
