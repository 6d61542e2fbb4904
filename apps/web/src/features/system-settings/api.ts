import { SETTINGS_API } from '@tally/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, caller } from '../../lib/request';

export const ADMIN_SETTINGS_KEY = ['admin-settings'] as const;

export const getAdminSettings = () => call(SETTINGS_API.fetch);

export const useAdminSettings = () => useQuery({ queryKey: ADMIN_SETTINGS_KEY, queryFn: getAdminSettings });

export const saveAdminSettings = caller(SETTINGS_API.save);

/**
 * Saves one tab. The public call afterwards brings the new `set` into this session through the
 * request client, so the title, notices and links change here at once, as they do for visitors.
 */
export function useSaveAdminSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAdminSettings,
    onSuccess: async (result) => {
      queryClient.setQueryData(ADMIN_SETTINGS_KEY, result.settings);
      await call(SETTINGS_API.public);
    },
  });
}

export const sendTestMail = (to: string) => call(SETTINGS_API.testMail, { to });

export const useSendTestMail = () => useMutation({ mutationFn: sendTestMail });
