import { type ChangePasswordBody, USER_PATHS } from '@tally/contracts';
import { useMutation } from '@tanstack/react-query';
import { post } from '../../../lib/request';

export const changePassword = (body: ChangePasswordBody) => post<unknown>(USER_PATHS.changePassword, body);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
