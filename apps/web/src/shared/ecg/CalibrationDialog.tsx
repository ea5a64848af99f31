import { useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { Button, Modal, Slider, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEcgCalibrationStore } from '../stores/ecg-calibration';
import { ECG_VIEWER_NS } from './locales';
import {
  BANK_CARD_MM,
  cssPxPerMmOf,
  DEFAULT_CSS_PX_PER_MM,
  MAX_CSS_PX_PER_MM,
  MIN_CSS_PX_PER_MM,
} from './scale';

/** An ID-1 card's corner radius (mm). */
const CARD_CORNER_MM = 3.18;
/** Largest card the dialog can show (the slider's top), in CSS px per mm. */
const DIALOG_MAX = Math.min(MAX_CSS_PX_PER_MM, 7);

/**
 * One-time screen calibration: the user resizes an on-screen rectangle to a bank card (slider or
 * dragging its corner); the CSS px per mm is kept for this workstation and used by every viewer.
 */
export function CalibrationDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(ECG_VIEWER_NS);
  const stored = useEcgCalibrationStore((s) => s.cssPxPerMm);
  const setCalibration = useEcgCalibrationStore((s) => s.setCalibration);
  const reset = useEcgCalibrationStore((s) => s.reset);
  const [value, setValue] = useState(() => cssPxPerMmOf(stored));
  const drag = useRef<{ x: number; value: number } | null>(null);

  const clamp = (v: number) => Math.min(DIALOG_MAX, Math.max(MIN_CSS_PX_PER_MM, v));
  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, value };
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const dx = e.clientX - drag.current.x;
    setValue(clamp(drag.current.value + dx / BANK_CARD_MM.width));
  };
  const onPointerUp = () => {
    drag.current = null;
  };

  const shown = value.toFixed(2);
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('calibration.title')}
      width={Math.max(420, Math.ceil(BANK_CARD_MM.width * DIALOG_MAX) + 64)}
      afterOpenChange={(o) => {
        if (o) setValue(cssPxPerMmOf(useEcgCalibrationStore.getState().cssPxPerMm));
      }}
      footer={
        <Space wrap>
          <Button
            onClick={() => {
              reset();
              setValue(DEFAULT_CSS_PX_PER_MM);
            }}
          >
            {t('calibration.reset')}
          </Button>
          <Button onClick={onClose}>{t('calibration.cancel')}</Button>
          <Button
            type="primary"
            onClick={() => {
              setCalibration(value, window.devicePixelRatio || 1);
              onClose();
            }}
          >
            {t('calibration.save')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph>{t('calibration.hint')}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        {stored === null
          ? t('calibration.notCalibrated')
          : t('calibration.calibrated', { v: stored.toFixed(2) })}
      </Typography.Paragraph>
      <div className="ecg-calibration-area">
        <div
          className="ecg-calibration-card"
          style={{
            width: BANK_CARD_MM.width * value,
            height: BANK_CARD_MM.height * value,
            borderRadius: CARD_CORNER_MM * value,
          }}
        >
          <span>{t('calibration.card')}</span>
          <div
            className="ecg-calibration-handle"
            role="presentation"
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
          />
        </div>
      </div>
      <Slider
        min={MIN_CSS_PX_PER_MM}
        max={DIALOG_MAX}
        step={0.01}
        value={value}
        onChange={(v) => setValue(clamp(v))}
        tooltip={{ formatter: (v) => t('calibration.scale', { v: (v ?? 0).toFixed(2) }) }}
        ariaLabelForHandle={t('calibration.slider')}
      />
      <Typography.Text strong>{t('calibration.scale', { v: shown })}</Typography.Text>
    </Modal>
  );
}
