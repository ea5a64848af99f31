import { Alert, Button, Input, Space } from 'antd';
import type { Modal } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { i18n } from '../../../../shared/i18n';
import { toast } from '../../../../shared/feedback/feedback';
import { copyText } from '../../../../shared/utils/clipboard';
import { AUTHORITY_NS } from '../../locales';

type ModalApi = ReturnType<typeof Modal.useModal>[0];

const tr = (key: string, opts?: Record<string, unknown>) =>
  i18n.t(key, { ns: AUTHORITY_NS, ...opts });

async function copy(text: string): Promise<void> {
  if (await copyText(text)) toast.success(tr('operator.copied'));
  else toast.error(tr('operator.copyFailed'));
}

/**
 * Show a server-generated initial password once, with a copy button. Resolves when the admin
 * closes the dialog (the value is not kept anywhere).
 */
export function showInitialPassword(modal: ModalApi, name: string, password: string) {
  return new Promise<void>((resolve) => {
    void modal.info({
      title: tr('operator.initialPasswordTitle'),
      width: 480,
      okText: tr('operator.iHaveNoted'),
      onOk: () => resolve(),
      content: (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Alert type="warning" showIcon message={tr('operator.initialPasswordTip', { name })} />
          <Space.Compact style={{ width: '100%' }}>
            <Input
              readOnly
              value={password}
              data-testid="initial-password"
              style={{ fontFamily: 'monospace', fontSize: 16 }}
              onFocus={(e) => e.target.select()}
            />
            <Button icon={<CopyOutlined />} onClick={() => void copy(password)}>
              {tr('operator.copy')}
            </Button>
          </Space.Compact>
        </Space>
      ),
    });
  });
}
