import { type AdminSettings, type AdminSettingsUpdate, SETTINGS_PATHS } from '@tally/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { get, post } from '../../../lib/request';
import { ADMIN_SETTINGS_KEY } from './get-admin-settings';

interface SaveResult {
  settings: AdminSettings;
  changed: string[];
}

export const saveAdminSettings = (body: AdminSettingsUpdate) => post<SaveResult>(SETTINGS_PATHS.save, body);

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
      await get(SETTINGS_PATHS.public);
    },
  });
}
