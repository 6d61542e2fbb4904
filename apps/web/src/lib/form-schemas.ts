/** The schemas behind the signed-out forms; imported lazily by zod-check.ts so zod stays off first loads. */
export {
  loginBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
} from '@tally/contracts';
