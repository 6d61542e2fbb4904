import { screenshotSuite } from '../support/screenshots';

/** Screens of issue 3 in both languages at desktop and phone width, for a person to look at. */
screenshotSuite([
  { name: 'login', path: '/login', ready: 'login-form' },
  { name: 'register', path: '/register', ready: 'register-form' },
  { name: 'getPasswd', path: '/getPasswd', ready: 'reset-form' },
  { name: 'dashboard', path: '/dashboard', ready: 'sidebar-menu', as: 'alice' },
  { name: 'profile', path: '/user/profile', ready: 'password-form', as: 'alice' },
]);
