import { useEffect, useState } from 'react';
import { Button, Image, Space, Spin, Typography } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { InspectionFile } from '@health/contract';
import { inspectionFileBlob } from './api';
import { INSPECTION_NS } from './locales';

/** An image read with the session, shown from an object URL (freed when it goes). */
export function PrivateImage({ file, size = 96 }: { file: InspectionFile; size?: number }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    let made: string | null = null;
    inspectionFileBlob(file.id)
      .then((blob) => {
        made = URL.createObjectURL(blob);
        if (alive) setUrl(made);
        else URL.revokeObjectURL(made);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [file.id]);
  if (!url)
    return (
      <span className="inspection-file-box" style={{ width: size, height: size }}>
        <Spin size="small" />
      </span>
    );
  return (
    <Image
      src={url}
      width={size}
      height={size}
      alt={file.name}
      style={{ objectFit: 'cover' }}
      data-testid="inspection-image"
    />
  );
}

/**
 * Open a PDF in a new tab: the tab opens at the click (no popup blocker), the file is read with the
 * session, then shown from an object URL.
 */
export function openPdf(file: InspectionFile): void {
  const tab = window.open('', '_blank');
  inspectionFileBlob(file.id)
    .then((blob) => {
      const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
      if (tab) tab.location.href = url;
      else window.location.assign(url);
      setTimeout(() => URL.revokeObjectURL(url), 5 * 60_000);
    })
    .catch(() => tab?.close());
}

export function PdfLink({ file }: { file: InspectionFile }) {
  const { t } = useTranslation(INSPECTION_NS);
  return (
    <Button
      icon={<FilePdfOutlined />}
      onClick={() => openPdf(file)}
      title={t('openPdf')}
      className="inspection-pdf"
    >
      <Typography.Text ellipsis style={{ maxWidth: 180 }} translate="no">
        {file.name}
      </Typography.Text>
    </Button>
  );
}

/** A report's files: images as previews, PDFs as buttons opening them. */
export function FileList({ files }: { files: readonly InspectionFile[] }) {
  const { t } = useTranslation(INSPECTION_NS);
  if (files.length === 0) return <Typography.Text type="secondary">{t('noFiles')}</Typography.Text>;
  return (
    <Image.PreviewGroup>
      <Space wrap align="start">
        {files.map((f) =>
          f.mime === 'application/pdf' ? (
            <PdfLink key={f.id} file={f} />
          ) : (
            <PrivateImage key={f.id} file={f} />
          ),
        )}
      </Space>
    </Image.PreviewGroup>
  );
}
