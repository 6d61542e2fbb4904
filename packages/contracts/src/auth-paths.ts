/** Sign-in, sign-up and password reset, open to visitors (seed section 5). */
export const AUTH_PATHS = {
  captcha: '/api/v1/api2/auth/captcha',
  login: '/api/v1/api2/auth/login',
  sendEmailVerify: '/api/v1/api2/auth/sendEmailVerify',
  register: '/api/v1/api2/auth/register',
  resetPassword: '/api/v1/api2/auth/resetPassword',
  /** Password login to one shared site's reports. */
  share: '/api/v1/api2/auth/share',
} as const;

/** The signed-in user's own account. */
export const USER_PATHS = {
  info: '/api/v1/api2/user/info',
  logout: '/api/v1/api2/user/logout',
  changePassword: '/api/v1/api2/user/changePassword',
} as const;
