/**
 * The schemas behind the signed-out forms, imported on a form's first check (use-auth-form.ts), so
 * zod stays off the first load of /login.
 */
export { loginBodySchema, registerBodySchema, resetPasswordBodySchema } from '@tally/contracts';
