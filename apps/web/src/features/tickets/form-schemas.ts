/**
 * The contracts schemas behind this feature's forms, imported on a form's first check
 * (lib/zod-check.ts's lazySchemas), so zod stays off the page's first load.
 */
export { ticketCreateBodySchema, ticketReplyBodySchema } from '@tally/contracts';
