import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useAppStore } from '../stores/app';

/** Seed section 9: below 992px wide the device is mobile. */
export const MOBILE_BREAKPOINT = 992;

const isMobileWidth = () => window.innerWidth < MOBILE_BREAKPOINT;

/** On mobile the sidebar closes on resize and on navigation (seed section 2, layout behaviour). */
export function useResponsiveSidebar(): void {
  const { pathname } = useLocation();

  useEffect(() => {
    const onResize = () => {
      const app = useAppStore.getState();
      const mobile = isMobileWidth();
      app.setDevice(mobile ? 'mobile' : 'desktop');
      if (mobile && app.sidebar.opened) app.closeSidebar(true);
    };
    onResize();
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  useEffect(() => {
    const app = useAppStore.getState();
    if (pathname && app.device === 'mobile' && app.sidebar.opened) app.closeSidebar(false);
  }, [pathname]);
}
