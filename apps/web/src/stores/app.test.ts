import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import { useAppStore } from './app';

const alpha = { id: 1, name: 'Alpha', domain: 'alpha.example' };
const beta = { id: 2, name: 'Beta', domain: 'beta.example' };

describe('app store', () => {
  it('keeps sites and the selected site in the app_sites and app_site cookies', () => {
    useAppStore.getState().setSites([alpha, beta]);
    useAppStore.getState().setSite(beta);
    expect(JSON.parse(Cookies.get('app_sites') ?? '[]')).toEqual([alpha, beta]);
    expect(JSON.parse(Cookies.get('app_site') ?? 'null')).toEqual(beta);
  });

  it('forgets a selected site that is no longer in the list', () => {
    useAppStore.getState().setSites([alpha, beta]);
    useAppStore.getState().setSite(beta);
    useAppStore.getState().setSites([alpha]);
    expect(useAppStore.getState().site).toBeNull();
    expect(Cookies.get('app_site')).toBeUndefined();
  });

  it('clearSites empties both', () => {
    useAppStore.getState().setSites([alpha]);
    useAppStore.getState().setSite(alpha);
    useAppStore.getState().clearSites();
    expect(useAppStore.getState()).toMatchObject({ sites: [], site: null });
    expect(Cookies.get('app_sites')).toBeUndefined();
    expect(Cookies.get('app_site')).toBeUndefined();
  });

  it('remembers the sidebar state and the size in cookies', () => {
    const wasOpen = useAppStore.getState().sidebar.opened;
    useAppStore.getState().toggleSidebar();
    expect(Cookies.get('sidebarStatus')).toBe(wasOpen ? '0' : '1');
    useAppStore.getState().closeSidebar(true);
    expect(useAppStore.getState().sidebar).toEqual({ opened: false, withoutAnimation: true });
    expect(Cookies.get('sidebarStatus')).toBe('0');
    useAppStore.getState().setSize('small');
    expect(Cookies.get('size')).toBe('small');
  });

  it('defaults the size to medium', () => {
    expect(useAppStore.getInitialState().size).toBe('medium');
  });
});
