import { SETTINGS_PATHS, type testMailResponseSchema } from '@tally/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { post } from '../../../lib/request';

export type TestMailResult = z.infer<typeof testMailResponseSchema>;

export const sendTestMail = (to: string) => post<TestMailResult>(SETTINGS_PATHS.testMail, { to });

export const useSendTestMail = () => useMutation({ mutationFn: sendTestMail });
