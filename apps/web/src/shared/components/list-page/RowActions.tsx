import type { ReactNode } from 'react';
import { Button, Popconfirm } from 'antd';

export interface ConfirmActionProps {
  /** The question of the confirm. */
  title: ReactNode;
  description?: ReactNode;
  okText?: ReactNode;
  cancelText?: ReactNode;
  /** A red link (delete, withdraw...). */
  danger?: boolean;
  /** A red OK button in the confirm too. */
  dangerOk?: boolean;
  /** Its promise, if any, keeps the OK button loading until it settles (as with Popconfirm). */
  onConfirm: () => unknown;
  /** The link's label. */
  children: ReactNode;
}

/** A row action (a small link button) that asks for a confirm before it acts. */
export function ConfirmAction({
  title,
  description,
  okText,
  cancelText,
  danger,
  dangerOk,
  onConfirm,
  children,
}: ConfirmActionProps) {
  return (
    <Popconfirm
      title={title}
      description={description}
      okText={okText}
      cancelText={cancelText}
      okButtonProps={dangerOk ? { danger: true } : undefined}
      onConfirm={onConfirm}
    >
      <Button type="link" size="small" danger={danger}>
        {children}
      </Button>
    </Popconfirm>
  );
}
