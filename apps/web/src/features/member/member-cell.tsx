import type { ReactNode } from 'react';
import { Typography } from 'antd';

/** The list cell of the member a record is about: the name ('-' without one) over the phone. */
export function MemberCell({ name, phone }: { name: string; phone: ReactNode }) {
  return (
    <span>
      {name || '-'}
      <br />
      <Typography.Text type="secondary">{phone}</Typography.Text>
    </span>
  );
}
