import type { ResetPasswordBody } from '@tally/contracts';
import { useMutation } from '@tanstack/react-query';
import { post } from '../../../lib/request';
import { AUTH_API } from './paths';

export const resetPassword = (body: ResetPasswordBody) => post<unknown>(AUTH_API.resetPassword, body);

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
