import type { Endpoint, EndpointData, EndpointParsed } from '@tally/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';

type MaybePromise<T> = T | Promise<T>;

/**
 * Serves one declared call: returns the answer's `data` (nothing means `data: null`), or the reply
 * itself when it sent something else (a file).
 */
export type EndpointHandler<E> = (
  input: EndpointParsed<E>,
  request: FastifyRequest,
  reply: FastifyReply,
  // biome-ignore lint/suspicious/noConfusingVoidType: an async handler with no return (data: null) returns Promise<void>
) => MaybePromise<EndpointData<E> | FastifyReply | undefined | void>;

/** A handler for every call of an `*_API` object: leaving one out is a type error. */
export type ApiHandlers<A extends Record<string, Endpoint>> = { [K in keyof A]: EndpointHandler<A[K]> };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The declaration this route serves (`route`); the endpoints plugin refuses API routes without one. */
    endpoint?: Endpoint;
  }
}

/**
 * Registers one declared call: method, path, access area, validation of its query or body, and its
 * OpenAPI entry, all from the descriptor (route → service; the handler only unpacks and calls).
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
): void {
  const input = endpoint.method === 'GET' ? endpoint.query : endpoint.body;
  const schema: NonNullable<RouteOptions['schema']> = {
    tags: [endpoint.tag],
    operationId: endpoint.id,
    ...(endpoint.summary ? { summary: endpoint.summary } : {}),
    ...(input ? { [endpoint.method === 'GET' ? 'querystring' : 'body']: input } : {}),
    ...(endpoint.multipart ? { consumes: ['multipart/form-data'] } : {}),
    ...(endpoint.file ? {} : { response: { 200: endpoint.response } }),
  };
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    bodyLimit: endpoint.bodyLimit,
    config: {
      access: endpoint.access,
      endpoint,
      ...(endpoint.file ? { envelope: false } : {}),
      ...(endpoint.openWhenClosed ? { openWhenClosed: true } : {}),
    },
    schema,
    handler: async (request, reply) => {
      const data = await handler(
        (endpoint.method === 'GET' ? request.query : request.body) as EndpointParsed<E>,
        request,
        reply,
      );
      if (data === reply || reply.sent) return reply;
      return data ?? null;
    },
  });
}

/** Registers every call of an area's `*_API` object, each with its handler. */
export function routes<A extends Record<string, Endpoint>>(
  app: FastifyInstance,
  api: A,
  handlers: ApiHandlers<A>,
): void {
  for (const key of Object.keys(api) as (keyof A & string)[]) {
    route(app, api[key] as Endpoint, handlers[key] as EndpointHandler<Endpoint>);
  }
}
