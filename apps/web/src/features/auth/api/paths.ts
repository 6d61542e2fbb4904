/** Session calls of seed section 7 (change password lives with the profile). */
export const AUTH_API = {
  captcha: '/api/v1/api2/auth/captcha',
  share: '/api/v1/api2/auth/share',
  login: '/api/v1/api2/auth/login',
  logout: '/api/v1/api2/user/logout',
  info: '/api/v1/api2/user/info',
  sendEmailVerify: '/api/v1/api2/auth/sendEmailVerify',
  register: '/api/v1/api2/auth/register',
  resetPassword: '/api/v1/api2/auth/resetPassword',
} as const;
