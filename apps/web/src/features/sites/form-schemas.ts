/**
 * The schemas of the site form's one-entry-a-line fields, imported on the form's first check
 * (components/site-rules.ts), not with the form: the form is in the site list's chunk, and a static
 * import would put zod on the first load of a user's /dashboard.
 */
export { ignoredIpSchema, matomoIdSchema, siteDomainSchema, umamiIdSchema } from '@tally/contracts';
