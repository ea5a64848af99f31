import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import type { Modal as AntModal } from 'antd';

type Modal = ReturnType<typeof AntModal.useModal>[0];

/**
 * The one unsaved-changes guard of the edit and settings forms. While `dirty`: confirm before the
 * router leaves the page (react-router useBlocker) and ask the browser to confirm closing or
 * reloading the tab (beforeunload). `skip()` is read at the moment of leaving, e.g. to let the
 * page's own navigation after a successful save through.
 */
export function useLeaveGuard(
  dirty: boolean,
  modal: Modal,
  text: { title: string; content: string; ok: string; cancel: string },
  options: { skip?: () => boolean } = {},
): void {
  const { skip } = options;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !skip?.() &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void modal.confirm({
      title: text.title,
      content: text.content,
      okText: text.ok,
      cancelText: text.cancel,
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal, text.title, text.content, text.ok, text.cancel]);

  useEffect(() => {
    if (!dirty) return;
    const onUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [dirty]);
}
