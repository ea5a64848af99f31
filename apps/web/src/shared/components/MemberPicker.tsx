import { useState, type CSSProperties, type ReactNode } from 'react';
import { Select, Spin, Typography } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';

export interface MemberOption {
  id: number;
  name: string;
  /** Masked. */
  phone: string;
}

/**
 * A member picked by phone prefix or name, searched on the server as the operator types (a form
 * control: `value` / `onChange` from Form.Item). Each page passes the options query its own
 * endpoint answers (the page's permission decides who may search), and `initial` keeps the
 * member already chosen on an edited record in the list. `describe` adds a second line to each
 * option (age, last reading: what tells namesakes apart); the chosen one shows name and phone.
 */
export function MemberPicker<M extends MemberOption = MemberOption>(props: {
  value?: number;
  onChange?: (id: number) => void;
  id?: string;
  useOptions: (keyword: string) => UseQueryResult<M[]>;
  describe?: (member: M) => ReactNode;
  placeholder: string;
  initial?: MemberOption;
  disabled?: boolean;
  style?: CSSProperties;
  'data-testid'?: string;
}) {
  const [keyword, setKeyword] = useState('');
  const options = props.useOptions(keyword);
  const label = (m: MemberOption) => `${m.name}（${m.phone}）`;
  const { initial, describe } = props;
  const found = (options.data ?? []).map((m) => ({
    value: m.id,
    label: label(m),
    detail: describe?.(m),
  }));
  return (
    <Select
      id={props.id}
      showSearch
      value={props.value}
      onChange={props.onChange}
      disabled={props.disabled}
      style={props.style}
      filterOption={false}
      onSearch={(v) => setKeyword(v.trim())}
      placeholder={props.placeholder}
      notFoundContent={options.isFetching ? <Spin size="small" /> : undefined}
      optionRender={
        describe
          ? (option) => (
              <div>
                <div>{option.label}</div>
                {option.data.detail && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {option.data.detail}
                  </Typography.Text>
                )}
              </div>
            )
          : undefined
      }
      options={
        initial && !found.some((o) => o.value === initial.id)
          ? [{ value: initial.id, label: label(initial), detail: undefined }, ...found]
          : found
      }
      data-testid={props['data-testid']}
    />
  );
}
