/** The contracts schemas behind the forms; imported lazily by zod-rule.ts so zod stays off first loads. */
export {
  changePasswordBodySchema,
  loginBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
} from '@tally/contracts';
