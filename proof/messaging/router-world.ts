import type { z } from 'zod';
import { backgroundHandlers, type BackgroundDeps } from '../../src/messaging/handlers';
import { createRegistry, type HandlerRegistry } from '../../src/messaging/registry';
import { createRouter, type Router } from '../../src/messaging/router';
import { HomeError } from '../../src/protocol/errors';
import { ExtensionRequest } from '../../src/protocol/messages/index';
import { PageRequest } from '../../src/protocol/page-provider';

/**
 * The background's real router over its real handlers (src/messaging), with every dependency a spy that records
 * that it was reached and then fails in words. A handler that runs reaches its dependencies; a message refused by
 * the router (size, sender, type, schema) must reach none. The request schemas come from the protocol
 * (ExtensionRequest, PageRequest) — the same ones the handlers declare — so the suite can say, independently of the
 * router, which messages should have been let through.
 */
export type RouterWorld = {
  router: Router;
  registry: HandlerRegistry;
  /** Names of the dependencies reached, in order, since the last reset. */
  reached: string[];
  schemaOf(type: string): z.ZodType | undefined;
};

export function routerWorld(): RouterWorld {
  const reached: string[] = [];
  const deps = new Proxy({} as BackgroundDeps, {
    get: (_target, key) => {
      if (typeof key !== 'string' || key === 'then') return undefined;
      return () => {
        reached.push(key);
        return Promise.reject(new HomeError('PROOF_DEPENDENCY', `The proof's ${key} dependency answers nothing.`));
      };
    },
  });
  const registry = createRegistry(backgroundHandlers(deps));
  const schemas = new Map<string, z.ZodType>(
    [...ExtensionRequest.options, ...PageRequest.options].map((o) => [
      o.shape.type.value as string,
      o as unknown as z.ZodType,
    ]),
  );
  return { router: createRouter(registry), registry, reached, schemaOf: (type) => schemas.get(type) };
}
