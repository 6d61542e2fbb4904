/** Query keys: every site or group change refreshes both. */
export const SITES_KEY = ['sites'] as const;
export const GROUPS_KEY = ['site-groups'] as const;
