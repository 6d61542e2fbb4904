import { useMemo } from 'react';
import { buildMenu } from '../app/menu';
import { useUserStore } from '../stores/user';

export function useMenu() {
  const roles = useUserStore((s) => s.roles);
  const isClient = useUserStore((s) => s.is_client === 1);
  return useMemo(() => buildMenu(roles, isClient), [roles, isClient]);
}
