import { useErrorLogStore } from '../stores/error-log';

/** Records an error with where it came from (seed section 8: url plus info). */
export function recordError(error: unknown, info: string): void {
  const err = error instanceof Error ? error : new Error(String(error));
  useErrorLogStore.getState().add({ message: err.message, stack: err.stack, info });
}

/** Uncaught errors and rejections, in production and development alike. */
export function installGlobalErrorLog(): void {
  window.addEventListener('error', (event) => {
    recordError(event.error ?? event.message, `uncaught at ${event.filename}:${event.lineno}:${event.colno}`);
  });
  window.addEventListener('unhandledrejection', (event) => {
    // Failed calls were already shown to the user by the request client.
    if (event.reason instanceof Error && event.reason.name === 'RequestError') return;
    recordError(event.reason, 'unhandled rejection');
  });
}
