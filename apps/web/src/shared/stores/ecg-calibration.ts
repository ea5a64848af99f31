import { create } from 'zustand';
import { STORAGE_PREFIX } from '@health/contract';
import { readJson, writeJson } from '../session/storage';
import { cssPxPerMmOf } from '../ecg/scale';

/** This workstation's screen calibration for the ECG viewer (kept across logins and sessions). */
export const ECG_CALIBRATION_KEY = `${STORAGE_PREFIX}ecg_calibration`;

interface PersistedCalibration {
  /** CSS px per mm measured against a bank card; null: not calibrated (96 px = 25.4 mm). */
  cssPxPerMm: number | null;
  /** devicePixelRatio when it was measured (a changed browser zoom makes it stale). */
  devicePixelRatio: number | null;
  calibratedAt: number | null;
}

export interface EcgCalibrationState extends PersistedCalibration {
  setCalibration: (cssPxPerMm: number, devicePixelRatio: number) => void;
  reset: () => void;
}

function loadPersisted(): PersistedCalibration {
  const saved = readJson<Partial<PersistedCalibration>>(ECG_CALIBRATION_KEY) ?? {};
  const value = saved.cssPxPerMm;
  return {
    cssPxPerMm: typeof value === 'number' && cssPxPerMmOf(value) === value ? value : null,
    devicePixelRatio: typeof saved.devicePixelRatio === 'number' ? saved.devicePixelRatio : null,
    calibratedAt: typeof saved.calibratedAt === 'number' ? saved.calibratedAt : null,
  };
}

/** Same convention as the settings store: one key under the storage prefix, read once, written on change. */
export const useEcgCalibrationStore = create<EcgCalibrationState>()((set) => ({
  ...loadPersisted(),
  setCalibration: (cssPxPerMm, devicePixelRatio) => {
    const next = {
      cssPxPerMm: cssPxPerMmOf(cssPxPerMm),
      devicePixelRatio,
      calibratedAt: Date.now(),
    };
    writeJson(ECG_CALIBRATION_KEY, next);
    set(next);
  },
  reset: () => {
    writeJson(ECG_CALIBRATION_KEY, null);
    set({ cssPxPerMm: null, devicePixelRatio: null, calibratedAt: null });
  },
}));
