/**
 * Loaded by index.html before the app, so it runs before any zod schema is built. zod compiles
 * object parsers with `new Function` after probing whether eval is allowed; the app's
 * Content-Security-Policy forbids eval, and the browser reports even the caught probe as a CSP
 * violation. Jitless mode skips the probe (zod keeps its config on globalThis for this purpose).
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
