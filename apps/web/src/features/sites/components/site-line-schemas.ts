/**
 * The schemas of the site form's one-entry-a-line fields. site-rules.ts imports this module on the
 * first check, not with the form: the form is in the site list's chunk, and a static import would put
 * zod on the first load of a user's /dashboard.
 */
export { ignoredIpSchema, matomoIdSchema, siteDomainSchema, umamiIdSchema } from '@tally/contracts';
