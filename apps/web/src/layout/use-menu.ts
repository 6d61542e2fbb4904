import { useMemo } from 'react';
import { buildMenu } from '../app/menu';
import { usePlaygroundMode } from '../lib/playground-mode';
import { useAppStore } from '../stores/app';
import { useUserStore } from '../stores/user';

export function useMenu() {
  const roles = useUserStore((s) => s.roles);
  const isClient = useUserStore((s) => s.is_client === 1);
  const hasSites = useAppStore((s) => s.sites.length > 0);
  const playground = usePlaygroundMode(roles.includes('admin'));
  return useMemo(
    () => buildMenu(roles, isClient, hasSites, playground),
    [roles, isClient, hasSites, playground],
  );
}
