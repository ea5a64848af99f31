import { TimePicker } from 'antd';
import dayjs from 'dayjs';

/** An "HH:mm" text value edited with a time picker (antd Form item value). */
export function HourMinuteInput(props: {
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  disabled?: boolean;
}) {
  return (
    <TimePicker
      id={props.id}
      disabled={props.disabled}
      format="HH:mm"
      minuteStep={5}
      needConfirm={false}
      value={props.value ? dayjs(props.value, 'HH:mm') : null}
      onChange={(v) => props.onChange?.(v ? v.format('HH:mm') : '')}
    />
  );
}
