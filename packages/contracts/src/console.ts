import { consoleAnswerSchema } from './console-schemas.js';
import { defineApi, endpoint, pathsOf } from './endpoint-core.js';

/** Days in the console's charts, today included. */
export const CONSOLE_CHART_DAYS = 30;
/** Audit rows the console shows (the full list is 操作日志). */
export const CONSOLE_AUDIT_ROWS = 8;

/** The admin console (/dashboard for admins): every figure of the page in one call. Admins only. */
export const CONSOLE_API = defineApi('console', {
  fetch: endpoint({
    method: 'GET',
    path: '/api/v1/admin/console/fetch',
    access: 'console',
    summary: "The admin console's figures, 30-day charts and latest audit rows",
    response: consoleAnswerSchema,
  }),
});

/** The calls' paths (tests name a call by its path). */
export const CONSOLE_PATHS = pathsOf(CONSOLE_API);
