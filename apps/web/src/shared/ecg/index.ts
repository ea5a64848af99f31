import './locales';

export {
  EcgViewer,
  type EcgViewerProps,
  type CaliperMeasurement,
  type FetchWindow,
} from './EcgViewer';
export { CalibrationDialog } from './CalibrationDialog';
export { ECG_VIEWER_NS } from './locales';
