import type { z } from 'zod';
import type { AccessArea } from './access.js';

/**
 * One declaration per API call: its method, path, who may call it, what it takes and what its `data`
 * is. The server registers routes from these (validation, access, OpenAPI) and the web calls them
 * (`call(endpoint, input)`), so a path, schema or access mismatch between the two is a type error.
 *
 * The web build strips `query`, `body`, `response` and `summary` from every `endpoint({…})` call
 * (`apps/web/pure-contracts.ts`): a page reads only `method`, `path` and `access` at run time, so a
 * descriptor never drags zod into a first load. This module imports zod for types only (`nothing`,
 * a schema, is in endpoint.ts): the web's first load declares its calls with it. Web code imports a schema by its own name when it
 * needs one (a form), never through a descriptor.
 */
export type HttpMethod = 'GET' | 'POST';

/** Who may call: an area of the access table, or anyone. */
export type EndpointAccess = AccessArea | 'public';

interface EndpointBase<M extends HttpMethod> {
  method: M;
  path: string;
  access: EndpointAccess;
  /** One line in English for the API document. */
  summary?: string;
  /**
   * The answer is not the `{code, message, data}` envelope but a file (a CSV export): `response` is
   * not used and the web downloads it.
   */
  file?: true;
  /** The body is `multipart/form-data` (uploads), read by the handler itself. */
  multipart?: true;
  /** Requests larger than the server's 1 MiB default (article bodies). */
  bodyLimit?: number;
  /**
   * Still answered while the site is closed (`webclose = 1`): what an admin needs to sign in and open it
   * again (captcha, login, logout, the public settings).
   */
  openWhenClosed?: true;
}

export interface GetEndpoint<Q extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType>
  extends EndpointBase<'GET'> {
  query?: Q;
  response: R;
}

export interface PostEndpoint<B extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType>
  extends EndpointBase<'POST'> {
  body?: B;
  response: R;
}

/** A declared call, stamped by `defineApi` with its area (`tag`) and its id (`<area>.<key>`). */
export type Endpoint<I extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> = (
  | GetEndpoint<I, R>
  | PostEndpoint<I, R>
) & { readonly id: string; readonly tag: string };

type Declared = GetEndpoint | PostEndpoint;

/** The input schema of a declaration: its query (GET) or body (POST). */
type InputSchemaOf<E> = E extends { query: infer Q extends z.ZodType }
  ? Q
  : E extends { body: infer B extends z.ZodType }
    ? B
    : undefined;

/** What a caller passes: the input schema's input type, or nothing when the call takes none. */
export type EndpointInput<E> = InputSchemaOf<E> extends z.ZodType ? z.input<InputSchemaOf<E>> : undefined;

/** What a handler receives: the input after validation (defaults and transforms applied). */
export type EndpointParsed<E> = InputSchemaOf<E> extends z.ZodType ? z.output<InputSchemaOf<E>> : undefined;

/** The `data` of the answer. */
export type EndpointData<E> = E extends { response: infer R extends z.ZodType } ? z.output<R> : never;

/** Declares one call; `defineApi` gives it its id. */
export function endpoint<const E extends Declared>(declaration: E): E {
  return declaration;
}

/**
 * An area's calls: `export const THING_API = defineApi('things', { fetch: endpoint({…}), … })`. The area
 * becomes the OpenAPI tag and, with the key, the call's id (`things.fetch`, its operationId).
 */
export function defineApi<const T extends Record<string, Declared>>(
  tag: string,
  calls: T,
): { readonly [K in keyof T]: T[K] & { readonly id: string; readonly tag: string } } {
  const out: Record<string, Endpoint> = {};
  for (const [key, call] of Object.entries(calls))
    out[key] = Object.freeze({ ...call, id: `${tag}.${key}`, tag });
  return Object.freeze(out) as never;
}

/** Every declared call of an `*_API` object (the registration test walks the contracts' exports with it). */
export function isEndpoint(value: unknown): value is Endpoint {
  const v = value as Partial<Endpoint> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    (v.method === 'GET' || v.method === 'POST') &&
    typeof v.path === 'string' &&
    typeof v.id === 'string'
  );
}

/** The paths of an area's calls, for tests and links that name a call by its path. */
export function pathsOf<T extends Record<string, { path: string }>>(
  api: T,
): { readonly [K in keyof T]: string } {
  return Object.fromEntries(Object.entries(api).map(([key, call]) => [key, call.path])) as never;
}
