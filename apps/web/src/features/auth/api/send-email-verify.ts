import type { SendEmailVerifyBody } from '@tally/contracts';
import { useMutation } from '@tanstack/react-query';
import { post } from '../../../lib/request';
import { AUTH_API } from './paths';

export const sendEmailVerify = (body: SendEmailVerifyBody) => post<unknown>(AUTH_API.sendEmailVerify, body);

export const useSendEmailVerify = () => useMutation({ mutationFn: sendEmailVerify });
