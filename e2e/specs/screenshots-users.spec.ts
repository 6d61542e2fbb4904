import type { Page } from '@playwright/test';
import { test } from '../support/fixtures';
import { screenshotSuite } from '../support/screenshots';
import { adminCall, type MadeUser, makeUser, USER_ADMIN, userToken } from '../support/users';

/** 用户管理 (issue 15): the list, the drawer and each dialog, in both languages at 1280px and 375px. */
let shown: MadeUser;
/** The password dialog resets a password: not `shown`'s, whose session the drawer shows. */
let resetOne: MadeUser;

test.beforeAll(async () => {
  shown = await makeUser('shot');
  await userToken(shown); // a session and a last sign-in for the drawer
  await adminCall(USER_ADMIN.adjustBalance, {
    id: shown.id,
    amount: '128.5',
    reason: '活动奖励 / Promotion bonus',
  });
  resetOne = await makeUser('shotpw');
  const other = await makeUser('shotban');
  await adminCall(USER_ADMIN.switch, { id: other.id, status: 'banned' });
});

const list = () => '/users/users?keyword=shot';
const firstRow = (page: Page) =>
  page.getByTestId('users-table').locator('tr.ant-table-row', { hasText: shown.username });

screenshotSuite([
  { name: 'users-list', path: list, ready: 'users-table', as: 'admin' },
  {
    name: 'users-drawer',
    path: list,
    ready: 'users-table',
    as: 'admin',
    prepare: async (page) => {
      await firstRow(page).getByTestId('users-open').click();
      await page.getByTestId('users-ledger').locator('tr.ant-table-row').first().waitFor();
    },
  },
  {
    name: 'users-form',
    path: list,
    ready: 'users-table',
    as: 'admin',
    prepare: (page) => page.getByTestId('users-create').click(),
  },
  {
    name: 'users-balance',
    path: list,
    ready: 'users-table',
    as: 'admin',
    prepare: (page) => firstRow(page).getByTestId('users-adjust').click(),
  },
  {
    name: 'users-ban-confirm',
    path: list,
    ready: 'users-table',
    as: 'admin',
    prepare: (page) => firstRow(page).getByRole('switch').click(),
  },
  {
    name: 'users-password',
    path: list,
    ready: 'users-table',
    as: 'admin',
    prepare: async (page) => {
      const row = page.getByTestId('users-table').locator('tr.ant-table-row', { hasText: resetOne.username });
      await row.getByTestId('users-reset').click();
      await page
        .locator('.ant-modal-confirm')
        .getByRole('button', { name: /重\s?置|Reset/ })
        .click();
      await page.getByTestId('users-password').waitFor();
    },
  },
]);
