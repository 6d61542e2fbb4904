/**
 * The development-only mock calls of seed section 7 (the vue-element-admin template's leftovers):
 * their base path, codes and messages. Nothing under src/mocks may be imported by the app except
 * through the `import.meta.env.MODE === 'mock'` branch of main.tsx, which the production build drops.
 */
export const MOCK_BASE = '/vue-element-admin';

export const MOCK_CODE = {
  OK: 20000,
  /** user/login with an unknown account (seed section 8). */
  BAD_LOGIN: 60204,
  /** user/info with a token no mock user holds (seed section 8). */
  NO_USER_INFO: 50008,
} as const;

export const MOCK_MESSAGE = {
  BAD_LOGIN: 'Account and password are incorrect.',
  NO_USER_INFO: 'Login failed, unable to get user details.',
  NO_ARTICLE: 'No mock article has this id.',
} as const;

/** How many generated items the lists hold (seed section 7: "Mock data: 100 items"). */
export const MOCK_ITEM_COUNT = 100;

/** article/list paging defaults (seed section 9: "Mock page size default 20"). */
export const MOCK_PAGE_DEFAULT = 1;
export const MOCK_LIMIT_DEFAULT = 20;

/** Every item's `content_short`: lets the production-bundle test spot leaked mock data. */
export const MOCK_DATA_MARKER = 'tally mock data';

/** The web's request client pointed at the mocks: their base path and their success code. */
export const MOCK_CLIENT_OPTIONS = { baseURL: MOCK_BASE, successCode: MOCK_CODE.OK } as const;
