import { useEffect, useState } from 'react';
import { Drawer, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CaliperMeasurement } from '../../../shared/ecg';
import { ECG_RECORDING_NS } from '../../../shared/ecg/recording-locales';
import type { EcgRecordingView as EcgRecordingViewType } from '../../../shared/ecg/EcgRecordingView';

/**
 * The view and the viewer in their own chunk: a list page opening the drawer does not carry them.
 * Not React.lazy: a lazy component suspends on its first render even when its chunk is loaded,
 * and React then holds the fallback for 300 ms (its Suspense throttle) — a third of a second on
 * every opening. Once loaded, the module is rendered at once.
 */
type ViewModule = { EcgRecordingView: typeof EcgRecordingViewType };
let loadedView: ViewModule | null = null;
const loadView = (): Promise<ViewModule> =>
  import('../../../shared/ecg/EcgRecordingView').then((m) => (loadedView = m));

function useViewModule(): ViewModule | null {
  const [view, setView] = useState(loadedView);
  useEffect(() => {
    if (!view) void loadView().then(setView);
  }, [view]);
  return view;
}

/**
 * Fetch the viewer's chunk ahead of the first click (the ECG list calls it once it has shown):
 * opening a recording then waits only for its data, not for code.
 */
export function prefetchEcgViewer(): void {
  void loadView();
}

export interface EcgRecordingDrawerProps {
  /** The ECG measurement to show; null: closed. */
  measurementId: number | null;
  onClose: () => void;
  /** Where the strip starts (ms from the recording's start). */
  initialStartMs?: number;
  onMeasure?: (measurement: CaliperMeasurement | null) => void;
}

/** One ECG recording in a full-screen drawer (from the ECG report list). */
export function EcgRecordingDrawer({
  measurementId,
  onClose,
  initialStartMs,
  onMeasure,
}: EcgRecordingDrawerProps) {
  const { t } = useTranslation(ECG_RECORDING_NS);
  const view = useViewModule();
  return (
    <Drawer
      open={measurementId !== null}
      onClose={onClose}
      width="100%"
      title={t('ecg.title')}
      destroyOnHidden
      styles={{ body: { paddingTop: 12 } }}
    >
      {measurementId === null ? null : view ? (
        <view.EcgRecordingView
          measurementId={measurementId}
          initialStartMs={initialStartMs}
          onMeasure={onMeasure}
        />
      ) : (
        <Spin />
      )}
    </Drawer>
  );
}
