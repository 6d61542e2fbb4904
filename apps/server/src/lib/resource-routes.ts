import type { AccessArea } from '@tally/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/** One of the four calls: its input schema (query for fetch, body otherwise), its answer and handler. */
export interface ResourceOp<S extends z.ZodType> {
  input: S;
  response: z.ZodType;
  /** Returns the `data` of the answer; nothing means `data: null`. */
  handler(input: z.output<S>, request: FastifyRequest): unknown;
  /** Requests larger than Fastify's 1 MiB default (article bodies). */
  bodyLimit?: number;
}

export type ResourceOps = 'fetch' | 'save' | 'del' | 'switch';

/**
 * The seed's four calls of a back-office resource (section 7): `GET fetch` (a page), `POST save`
 * (create when no id, else update), `POST del` (by ids), `POST switch` (enable/disable, publish).
 */
export interface ResourceDefinition<
  F extends z.ZodType,
  S extends z.ZodType,
  D extends z.ZodType,
  W extends z.ZodType,
> {
  /** OpenAPI tag. */
  tag: string;
  /** Who may call (contracts' ACCESS); the auth plugin denies everyone else. */
  access: AccessArea;
  /** The contract's paths object; only the four keys are read. */
  paths: Partial<Record<ResourceOps, string>>;
  fetch?: ResourceOp<F>;
  save?: ResourceOp<S>;
  del?: ResourceOp<D>;
  switch?: ResourceOp<W>;
}

/** Registers the calls a resource defines, each with its contract schemas and access area. */
export function resourceRoutes<
  F extends z.ZodType,
  S extends z.ZodType,
  D extends z.ZodType,
  W extends z.ZodType,
>(app: FastifyInstance, def: ResourceDefinition<F, S, D, W>): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: def.access };
  const tags = [def.tag];
  const fetch = def.fetch;
  if (fetch) {
    typed.get(
      pathOf(def, 'fetch'),
      { config, schema: { tags, querystring: fetch.input, response: { 200: fetch.response } } },
      async (request) => (await fetch.handler(request.query as z.output<F>, request)) ?? null,
    );
  }
  for (const name of ['save', 'del', 'switch'] as const) {
    const op = def[name] as ResourceOp<z.ZodType> | undefined;
    if (!op) continue;
    typed.post(
      pathOf(def, name),
      { config, bodyLimit: op.bodyLimit, schema: { tags, body: op.input, response: { 200: op.response } } },
      async (request) => (await op.handler(request.body, request)) ?? null,
    );
  }
}

function pathOf(def: { tag: string; paths: Partial<Record<ResourceOps, string>> }, op: ResourceOps): string {
  const path = def.paths[op];
  if (!path) throw new Error(`Resource "${def.tag}" defines ${op} but its contract has no ${op} path`);
  return path;
}
