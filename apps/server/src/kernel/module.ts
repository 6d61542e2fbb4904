import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { JobDefinition, Jobs } from '../jobs/index.js';

/** What every module may use without declaring it: the process's own parts, built before any module. */
export interface Kernel {
  config: Config;
  db: Database;
  jobs: Jobs;
  log: FastifyBaseLogger;
  /** Test seams (clock, captcha text, preview size) as buildApp received them. */
  seams: KernelSeams;
}

/** Test seams for time and randomness only; a module that reads one adds it here (declaration merging). */
export interface KernelSeams {
  /** "now" of the reports and the preview's demo traffic. */
  clock?: () => Date;
}

/**
 * Service name → service type. Each `<area>.module.ts` adds the services it provides with
 * `declare module '../../kernel/module.js' { interface ServiceRegistry { … } }`, so adding an area
 * edits no shared type.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by declaration merging, one module at a time
export interface ServiceRegistry {}

/** Everything the routes, the CLI and tests reach as `services.x`. */
export type Services = Kernel & ServiceRegistry;

export type ServiceName = keyof ServiceRegistry;

/** A job of a module: what pg-boss runs (name, handler, retry policy) and, optionally, when (cron, UTC). */
export type JobSpec = JobDefinition;

export interface AppModule<N extends ServiceName = ServiceName, P extends object = object> {
  /** The area's name, for errors and docs. */
  name: string;
  /** Services of earlier modules this one is built from; the composition checks they exist. */
  needs: readonly N[];
  services?(deps: Kernel & Pick<ServiceRegistry, N>): P;
  /** Registers the area's routes; receives what it declared and what it provides. */
  routes?(app: FastifyInstance, services: Kernel & Pick<ServiceRegistry, N> & P): Promise<void>;
  /** Jobs the area owns, defined on the queue once its services exist. */
  jobs?(services: Kernel & Pick<ServiceRegistry, N> & P): JobSpec[];
  /** On shutdown, after the job workers stopped and before the database closes. */
  close?(services: Kernel & Pick<ServiceRegistry, N> & P): Promise<void> | void;
}

/** Identity at run time; it exists so a module file gets its `services` and `routes` parameters typed. */
export function defineModule<N extends ServiceName, P extends object>(
  module: AppModule<N, P>,
): AppModule<N, P> {
  return module;
}

// biome-ignore lint/suspicious/noExplicitAny: a list holds modules of every shape
export type AnyModule = AppModule<any, any>;

/**
 * Builds the services of each module in list order, each from what the modules before it provided
 * (so the list order is the dependency order, and a cycle cannot be written), and defines their jobs.
 */
export function composeServices(modules: readonly AnyModule[], kernel: Kernel): Services {
  // Filled in module by module below; complete once the loop ends.
  const built = { ...kernel } as Services & Record<string, unknown>;
  for (const module of modules) {
    for (const need of module.needs as string[]) {
      if (!(need in built)) {
        throw new Error(`Module "${module.name}" needs "${need}", which no module listed before it provides`);
      }
    }
    const provided = module.services?.(built) ?? {};
    for (const name of Object.keys(provided)) {
      if (name in built) throw new Error(`Module "${module.name}" provides "${name}" a second time`);
    }
    Object.assign(built, provided);
    for (const job of module.jobs?.(built) ?? []) kernel.jobs.define(job);
  }
  return built;
}

/** Registers every module's routes, each area in a plugin scope of its own (hooks stay in the area). */
export async function registerRoutes(
  app: FastifyInstance,
  modules: readonly AnyModule[],
  services: Services,
) {
  for (const module of modules) {
    const routes = module.routes;
    if (routes) await app.register(async (scope) => routes(scope, services));
  }
}

/** Lets every module release what it holds, in list order. */
export async function closeModules(modules: readonly AnyModule[], services: Services) {
  for (const module of modules) await module.close?.(services);
}
