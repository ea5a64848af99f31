import { InputNumber, TimePicker } from 'antd';
import { dayjs } from '../../utils/dayjs';

/** A money field stored in fen (integers) and edited in yuan. */
export function YuanInput(props: {
  value?: number;
  onChange?: (fen: number | null) => void;
  id?: string;
  disabled?: boolean;
  suffix: string;
}) {
  return (
    <InputNumber<number>
      id={props.id}
      disabled={props.disabled}
      step={1}
      precision={2}
      value={props.value === undefined || props.value === null ? null : props.value / 100}
      onChange={(yuan) => props.onChange?.(yuan === null ? null : Math.round(yuan * 100))}
      addonAfter={props.suffix}
      style={{ width: 200 }}
    />
  );
}

/** An "HH:mm" string edited with a time picker. */
export function HourMinuteInput(props: {
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  disabled?: boolean;
  'aria-label'?: string;
}) {
  return (
    <TimePicker
      id={props.id}
      disabled={props.disabled}
      format="HH:mm"
      minuteStep={5}
      needConfirm={false}
      aria-label={props['aria-label']}
      value={props.value ? dayjs(props.value, 'HH:mm') : null}
      onChange={(v) => props.onChange?.(v ? v.format('HH:mm') : '')}
    />
  );
}
