import type { ChangePasswordBody } from '@tally/contracts';
import { useMutation } from '@tanstack/react-query';
import { post } from '../../../lib/request';
import { AUTH_API } from './paths';

export const changePassword = (body: ChangePasswordBody) => post<unknown>(AUTH_API.changePassword, body);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
