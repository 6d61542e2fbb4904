import { AUTH_PATHS, type LoginBody, type SessionResponse } from '@tally/contracts';
import { useMutation } from '@tanstack/react-query';
import { post } from '../../../lib/request';
import { useUserStore } from '../../../stores/user';

/** A successful login stores token and user name; roles arrive with the next protected navigation. */
export async function login(body: LoginBody): Promise<SessionResponse> {
  const session = await post<SessionResponse>(AUTH_PATHS.login, body);
  useUserStore.getState().setSession(session.x_token, session.name);
  return session;
}

export const useLogin = () => useMutation({ mutationFn: login });
