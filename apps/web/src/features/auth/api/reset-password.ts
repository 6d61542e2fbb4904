import { AUTH_PATHS, type ResetPasswordBody } from '@tally/contracts';
import { useMutation } from '@tanstack/react-query';
import { post } from '../../../lib/request';

export const resetPassword = (body: ResetPasswordBody) => post<unknown>(AUTH_PATHS.resetPassword, body);

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
