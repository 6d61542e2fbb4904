/**
 * Walks zod schemas structurally (zod 4's `_zod.def`), for tests that must cover every contract
 * schema: every exported schema, every node inside it, and the messages its checks would give. Kept
 * apart from the schemas so other checks (refusing NUL and lone surrogates, …) can share it.
 */

/** The internals this walker reads; zod's own types keep `_zod.def` loosely typed. */
interface ZodLike {
  _zod: { def: Record<string, unknown> & { type: string; checks?: ZodLike[]; error?: unknown } };
}

export const isSchema = (value: unknown): value is ZodLike =>
  typeof value === 'object' &&
  value !== null &&
  '_zod' in value &&
  typeof (value as ZodLike)._zod?.def === 'object';

/** The exported schemas of a module namespace (`import * as contracts from './index.js'`), by export name. */
export function exportedSchemas(namespace: Record<string, unknown>): [string, ZodLike][] {
  return Object.entries(namespace).filter((entry): entry is [string, ZodLike] => isSchema(entry[1]));
}

/**
 * Calls `visit` for `schema` and every schema inside it (object shapes, array items, options,
 * optional/default/pipe wrappers, record keys and values), each once, with its path of def keys.
 */
export function walkSchema(schema: ZodLike, visit: (node: ZodLike, path: string[]) => void): void {
  const seen = new Set<ZodLike>();
  const walk = (node: ZodLike, path: string[]) => {
    if (seen.has(node)) return;
    seen.add(node);
    visit(node, path);
    for (const [key, value] of Object.entries(node._zod.def)) {
      if (key === 'checks') continue;
      const children: [string, unknown][] = isSchema(value)
        ? [[key, value]]
        : Array.isArray(value)
          ? value.map((v, i) => [`${key}.${i}`, v])
          : key === 'shape' && value && typeof value === 'object'
            ? Object.entries(value)
            : [];
      for (const [name, child] of children) if (isSchema(child)) walk(child, [...path, name]);
    }
  };
  walk(schema, []);
}

/** A custom message given to a schema or check (`.max(8, 'at most 8 characters')`), if any. */
function customMessage(def: { error?: unknown }): string | undefined {
  if (typeof def.error !== 'function') return undefined;
  const message = (def.error as (issue: object) => unknown)({});
  return typeof message === 'string' ? message : undefined;
}

/** Every message the schema's own checks and refinements were written with. */
export function schemaMessages(schema: ZodLike): string[] {
  const messages = new Set<string>();
  walkSchema(schema, (node) => {
    const own = customMessage(node._zod.def);
    if (own) messages.add(own);
    for (const check of node._zod.def.checks ?? []) {
      const message = customMessage(check._zod.def);
      if (message) messages.add(message);
    }
  });
  return [...messages];
}
