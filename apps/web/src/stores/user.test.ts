import type { UserInfoResponse } from '@tally/contracts';
import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, useUserStore } from './user';

const info = (roles: UserInfoResponse['userInfo']['roles'], is_client: 0 | 1 = 0): UserInfoResponse => ({
  userInfo: {
    roles,
    name: 'ann',
    avatar: '',
    is_admin: roles.includes('admin') ? 1 : 0,
    email: 'ann@example.com',
  },
  is_client,
  sites: [],
  invite_code: 'INV1',
  set: DEFAULT_SETTINGS,
  ads: [],
});

describe('user store', () => {
  it('stores token and name in their cookies on login', () => {
    useUserStore.getState().setSession('tok', 'ann');
    expect(Cookies.get('x-token')).toBe('tok');
    expect(Cookies.get('username')).toBe('ann');
    expect(useUserStore.getState()).toMatchObject({ token: 'tok', name: 'ann' });
  });

  it('marks a client from its roles even when the flag says otherwise', () => {
    useUserStore.getState().applyInfo(info(['client'], 0));
    expect(useUserStore.getState().is_client).toBe(1);
    useUserStore.getState().applyInfo(info(['user']));
    expect(useUserStore.getState()).toMatchObject({
      is_client: 0,
      is_admin: 0,
      roles: ['user'],
      invite_code: 'INV1',
    });
  });

  it('merges public settings and parses tjDomains once', () => {
    useUserStore
      .getState()
      .applyPublic({ set: { webtitle: 'Mine', tjDomains: '["a.example","b.example"]' } });
    expect(useUserStore.getState().set).toMatchObject({ webtitle: 'Mine', webclose: 0 });
    expect(useUserStore.getState().tjDomains).toEqual(['a.example', 'b.example']);
    useUserStore.getState().applyPublic({ set: { tjDomains: 'not json' } });
    expect(useUserStore.getState().tjDomains).toBeNull();
  });

  it('keeps the ads list from data.ads', () => {
    const ad = { id: '1', title: 'A', image: '', link: '', position: 'top', order: 1, enabled: true };
    useUserStore.getState().applyPublic({ ads: [ad] });
    expect(useUserStore.getState().ads).toEqual([ad]);
  });

  it('clearSession drops token, roles, admin flag and the username cookie', () => {
    useUserStore.getState().setSession('tok', 'ann');
    useUserStore.getState().applyInfo(info(['admin']));
    useUserStore.getState().clearSession();
    expect(useUserStore.getState()).toMatchObject({
      token: '',
      roles: [],
      is_admin: 0,
      is_client: 0,
      name: '',
    });
    expect(Cookies.get('x-token')).toBeUndefined();
    expect(Cookies.get('username')).toBeUndefined();
  });
});
