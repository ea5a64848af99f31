import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_PREFIX } from '@health/contract';

/** A workstation's local storage. */
function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, String(v)),
  };
}

const load = async () =>
  (await import('../src/shared/stores/ecg-calibration')).useEcgCalibrationStore;

describe('ECG screen calibration store', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.stubGlobal('localStorage', memoryStorage());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('starts uncalibrated, keeps a calibration under the prefix, and reads it back next time', async () => {
    const store = await load();
    expect(store.getState().cssPxPerMm).toBeNull();
    store.getState().setCalibration(4.2, 2);
    const saved = JSON.parse(localStorage.getItem(`${STORAGE_PREFIX}ecg_calibration`) ?? '{}');
    expect(saved).toMatchObject({ cssPxPerMm: 4.2, devicePixelRatio: 2 });
    vi.resetModules();
    const again = await load();
    expect(again.getState().cssPxPerMm).toBe(4.2);
  });

  it('forgets it on reset and ignores an implausible stored value', async () => {
    const store = await load();
    store.getState().setCalibration(4.2, 1);
    store.getState().reset();
    expect(localStorage.getItem(`${STORAGE_PREFIX}ecg_calibration`)).toBeNull();
    localStorage.setItem(`${STORAGE_PREFIX}ecg_calibration`, JSON.stringify({ cssPxPerMm: 500 }));
    vi.resetModules();
    expect((await load()).getState().cssPxPerMm).toBeNull();
  });
});
