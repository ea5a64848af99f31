import { lazy, Suspense } from 'react';
import { Drawer, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CaliperMeasurement } from '../../../shared/ecg';
import { REPORT_NS } from '../locales';

/** The view and the viewer in their own chunk: a list page opening the drawer does not carry them. */
const EcgRecordingView = lazy(() => import('./EcgRecordingView'));

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
  const { t } = useTranslation(REPORT_NS);
  return (
    <Drawer
      open={measurementId !== null}
      onClose={onClose}
      width="100%"
      title={t('ecg.title')}
      destroyOnHidden
      styles={{ body: { paddingTop: 12 } }}
    >
      {measurementId !== null ? (
        <Suspense fallback={<Spin />}>
          <EcgRecordingView
            measurementId={measurementId}
            initialStartMs={initialStartMs}
            onMeasure={onMeasure}
          />
        </Suspense>
      ) : null}
    </Drawer>
  );
}
