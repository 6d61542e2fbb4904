import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createMockHandlers } from '../mocks/handlers';

/**
 * The development mocks (src/mocks) answering this test file's requests through msw/node, the same
 * handlers `npm run dev:mock` serves in the browser. A request no handler knows fails the test.
 */
export function startMockServer() {
  const server = setupServer(...createMockHandlers());
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}
