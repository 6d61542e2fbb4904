import { API_KEYS_API, USER_API } from '@tally/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, caller } from '../../lib/request';

export const changePassword = caller(USER_API.changePassword);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });

/** 个人中心's API keys; creating or revoking one refreshes the list. */
const API_KEYS_KEY = ['api-keys'] as const;

export const useApiKeys = () => useQuery({ queryKey: API_KEYS_KEY, queryFn: () => call(API_KEYS_API.fetch) });

function useApiKeysMutation<B, R>(mutate: (body: B) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: mutate,
    onSuccess: () => void client.invalidateQueries({ queryKey: API_KEYS_KEY }),
  });
}

export const useCreateApiKey = () => useApiKeysMutation(caller(API_KEYS_API.create));

export const useRevokeApiKey = () => useApiKeysMutation(caller(API_KEYS_API.revoke));
