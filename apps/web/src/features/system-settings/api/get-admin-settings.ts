import { type AdminSettings, SETTINGS_PATHS } from '@tally/contracts';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request';

export const ADMIN_SETTINGS_KEY = ['admin-settings'] as const;

export const getAdminSettings = () => get<AdminSettings>(SETTINGS_PATHS.fetch);

export const useAdminSettings = () => useQuery({ queryKey: ADMIN_SETTINGS_KEY, queryFn: getAdminSettings });
