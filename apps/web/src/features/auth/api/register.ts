import { AUTH_PATHS, type RegisterBody, type SessionResponse } from '@tally/contracts';
import { useMutation } from '@tanstack/react-query';
import { post } from '../../../lib/request';
import { useUserStore } from '../../../stores/user';

/** Registration signs the user in directly (seed section 4). */
export async function register(body: RegisterBody): Promise<SessionResponse> {
  const session = await post<SessionResponse>(AUTH_PATHS.register, body);
  useUserStore.getState().setSession(session.x_token, session.name);
  return session;
}

export const useRegister = () => useMutation({ mutationFn: register });
