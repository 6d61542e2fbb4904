import { AUTH_PATHS, type SendEmailVerifyBody } from '@tally/contracts';
import { useMutation } from '@tanstack/react-query';
import { post } from '../../../lib/request';

export const sendEmailVerify = (body: SendEmailVerifyBody) => post<unknown>(AUTH_PATHS.sendEmailVerify, body);

export const useSendEmailVerify = () => useMutation({ mutationFn: sendEmailVerify });
