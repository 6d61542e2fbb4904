/** Site calls (seed section 7 names groupDetail; the rest follow its short-link pattern). */
export const SITES_API = {
  fetch: '/api/v1/api2/sites/fetch',
  save: '/api/v1/api2/sites/save',
  del: '/api/v1/api2/sites/del',
  share: '/api/v1/api2/sites/share',
  groupDetail: '/api/v1/api2/sites/groupDetail',
  groupSave: '/api/v1/api2/sites/groupSave',
  groupDel: '/api/v1/api2/sites/groupDel',
  groupMove: '/api/v1/api2/sites/groupMove',
} as const;

/** Query keys: every site or group change refreshes both. */
export const SITES_KEY = ['sites'] as const;
export const GROUPS_KEY = ['site-groups'] as const;
