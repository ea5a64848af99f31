import { lazy, Suspense, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryClientProvider } from '@tanstack/react-query';
import { HEADER_HEIGHT_PX, HEADER_WITH_TAGS_HEIGHT_PX, SIDEBAR_WIDTH_PX } from '@health/contract';
import { queryClient } from '../../shared/api/query-client';
import { useAppStore } from '../../shared/stores/app';
import { useUserStore } from '../../shared/stores/user';
import { useSettingsStore } from '../../shared/stores/settings';
import { AppMain } from './AppMain';
import { Navbar } from './Navbar';
import { Sidebar } from './Sidebar';
import { TagsView } from './TagsView';
import { useResponsive } from './use-responsive';
import { useVisitTags } from './use-visit-tags';
import './layout.css';

/** Spec §9 sizes, handed to layout.css as custom properties. */
const SIZES = {
  '--header-h': `${HEADER_HEIGHT_PX}px`,
  '--tags-h': `${HEADER_WITH_TAGS_HEIGHT_PX - HEADER_HEIGHT_PX}px`,
  '--sidebar-w': `${SIDEBAR_WIDTH_PX}px`,
} as CSSProperties;

const ForcedPasswordPrompt = lazy(
  () => import('../../features/auth/login/components/ForcedPasswordPrompt'),
);
const ChangePasswordDialog = lazy(
  () => import('../../features/auth/profile/components/ChangePasswordDialog'),
);

/**
 * The layout shell (vue-element-admin's Layout): navbar, sidebar, optional tag bar, main area.
 * It also provides the server-state cache to the pages (kept out of /login's bundle).
 */
export function Layout() {
  const { t } = useTranslation();
  useResponsive();
  useVisitTags();
  const { opened, withoutAnimation } = useAppStore((s) => s.sidebar);
  const device = useAppStore((s) => s.device);
  const closeSidebar = useAppStore((s) => s.closeSidebar);
  const tagsView = useSettingsStore((s) => s.tagsView);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const loggedIn = useUserStore((s) => !!s.token);

  const classes = [
    'app-wrapper',
    opened ? 'sidebar-open' : 'sidebar-collapsed',
    device,
    withoutAnimation ? 'no-animation' : '',
    tagsView ? 'has-tags' : '',
  ].join(' ');

  // The session just ended (logout, 266): unmount the pages at once, before they refetch.
  if (!loggedIn) return null;

  return (
    <QueryClientProvider client={queryClient}>
      <div className={classes} style={SIZES}>
        <a href="#main-content" className="skip-link">
          {t('nav.skip')}
        </a>
        <Navbar onChangePassword={() => setPasswordOpen(true)} />
        <Sidebar />
        {device === 'mobile' && opened && (
          <div className="drawer-bg" onClick={() => closeSidebar(false)} aria-hidden="true" />
        )}
        <div className="main-container">
          {tagsView && <TagsView />}
          <AppMain />
        </div>
        <Suspense fallback={null}>
          <ForcedPasswordPrompt />
          {passwordOpen && (
            <ChangePasswordDialog open={passwordOpen} onClose={() => setPasswordOpen(false)} />
          )}
        </Suspense>
      </div>
    </QueryClientProvider>
  );
}
