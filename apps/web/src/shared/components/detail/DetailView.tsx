import type { ReactNode } from 'react';
import { Descriptions } from 'antd';
import type { DescriptionsProps } from 'antd';

export interface DetailItem {
  label: ReactNode;
  /** null, undefined, '' and [] show as '-'. */
  value: ReactNode;
  /** Columns this item spans. */
  span?: number;
  key?: string;
}

export interface DetailSection {
  title?: ReactNode;
  items: DetailItem[];
  /** Buttons at the section's top right. */
  extra?: ReactNode;
}

export const EMPTY_VALUE = '-';

/** '-' for an empty value (null, undefined, blank string, empty array); the value otherwise. */
export function displayValue(value: ReactNode): ReactNode {
  if (value === null || value === undefined || value === false) return EMPTY_VALUE;
  if (typeof value === 'string' && value.trim() === '') return EMPTY_VALUE;
  if (Array.isArray(value) && value.length === 0) return EMPTY_VALUE;
  return value;
}

export interface DetailViewProps {
  sections: DetailSection[];
  /** Columns per row (default 2; 1 on narrow screens). */
  column?: DescriptionsProps['column'];
  bordered?: boolean;
  size?: DescriptionsProps['size'];
}

/** Read-only record: sections of label / value pairs on antd Descriptions. */
export function DetailView({
  sections,
  column,
  bordered = true,
  size = 'middle',
}: DetailViewProps) {
  return (
    <div className="detail-view" style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      {sections.map((section, i) => (
        <Descriptions
          key={i}
          title={section.title}
          extra={section.extra}
          bordered={bordered}
          size={size}
          column={column ?? { xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 3 }}
          items={section.items.map((item, j) => ({
            key: item.key ?? String(j),
            label: item.label,
            children: displayValue(item.value),
            span: item.span,
          }))}
        />
      ))}
    </div>
  );
}
