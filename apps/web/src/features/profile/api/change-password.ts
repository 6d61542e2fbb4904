import type { ChangePasswordBody } from '@tally/contracts';
import { useMutation } from '@tanstack/react-query';
import { post } from '../../../lib/request';

export const changePassword = (body: ChangePasswordBody) =>
  post<unknown>('/api/v1/api2/user/changePassword', body);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
