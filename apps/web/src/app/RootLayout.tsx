import { useEffect } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { useSettingsStore } from '../shared/stores/settings';
import { progress } from '../shared/utils/progress';
import { useRouteTitle } from './use-route-title';

/** Around every route: the navigation progress bar and the page title (route title - product title). */
export function RootLayout() {
  const navigating = useNavigation().state !== 'idle';
  const productTitle = useSettingsStore((s) => s.title);
  const { title } = useRouteTitle();

  useEffect(() => {
    if (!navigating) return;
    progress.start();
    return () => progress.done();
  }, [navigating]);

  useEffect(() => {
    document.title = title ? `${title} - ${productTitle}` : productTitle;
  }, [title, productTitle]);

  return <Outlet />;
}
