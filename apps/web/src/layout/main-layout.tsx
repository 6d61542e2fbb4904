import '../app/back-office-pages';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../stores/app';
import { usePageStyleStore } from '../stores/page-style';
import { KeepAliveOutlet } from './keep-alive-outlet';
import { Navbar } from './navbar';
import { NoticeDialog } from './notice-dialog';
import { Sidebar } from './sidebar';
import { TagsBar } from './tags-bar';
import { useResponsiveSidebar } from './use-responsive-sidebar';
import { useTrackViews } from './use-track-views';

/** The drawer (with its colour picker) is fetched on first open. */
const SettingsDrawer = lazy(() => import('./settings-drawer'));

/** The back-office shell: sidebar, header (navbar + tags), kept-alive pages, drawer and notice. */
export default function MainLayout() {
  const { t } = useTranslation();
  useResponsiveSidebar();
  useTrackViews();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [settingsUsed, setSettingsUsed] = useState(false);
  const opened = useAppStore((s) => s.sidebar.opened);
  const withoutAnimation = useAppStore((s) => s.sidebar.withoutAnimation);
  const mobile = useAppStore((s) => s.device === 'mobile');
  const closeSidebar = useAppStore((s) => s.closeSidebar);
  const tagsView = usePageStyleStore((s) => s.tagsView);
  const fixedHeader = usePageStyleStore((s) => s.fixedHeader);
  const classes = [
    'app-wrapper',
    opened ? 'sidebar-open' : 'sidebar-closed',
    mobile ? 'is-mobile' : 'is-desktop',
    withoutAnimation ? 'without-animation' : '',
    fixedHeader ? 'fixed-header' : '',
  ];
  return (
    <div className={classes.filter(Boolean).join(' ')} data-testid="app-wrapper">
      {/* The first stop of the keyboard: past the sidebar and header to the page (WCAG 2.4.1). */}
      {/* biome-ignore lint/a11y/useValidAnchor: a skip link is a link to #main-content; the click only keeps the router's URL free of the hash */}
      <a
        className="skip-link"
        href="#main-content"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('main-content')?.focus();
        }}
        data-testid="skip-link"
      >
        {t('a11y.skipToContent')}
      </a>
      {mobile && opened && (
        <div
          className="sidebar-overlay"
          data-testid="sidebar-overlay"
          onClick={() => closeSidebar(false)}
          aria-hidden
        />
      )}
      <Sidebar />
      <div className="main-container">
        <header className="app-header">
          <Navbar
            onOpenSettings={() => {
              setSettingsUsed(true);
              setSettingsOpen(true);
            }}
          />
          {tagsView && <TagsBar />}
        </header>
        <main className="app-main" id="main-content" tabIndex={-1}>
          <KeepAliveOutlet />
        </main>
      </div>
      {settingsUsed && (
        <Suspense fallback={null}>
          <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
        </Suspense>
      )}
      <NoticeDialog />
    </div>
  );
}
