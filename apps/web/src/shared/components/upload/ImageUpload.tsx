import { useState } from 'react';
import { Button, Image, Space, Upload } from 'antd';
import { DeleteOutlined, LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  UPLOAD_IMAGE_MAX_BYTES,
  UPLOAD_IMAGE_MIMES,
  UploadMessages,
  type UploadResult,
  UploadPaths,
} from '@health/contract';
import { api } from '../../api/client';
import { toast } from '../../feedback/feedback';
import { UPLOAD_NS } from './locales';
import './image-upload.css';

export interface ImageUploadProps {
  /** The image URL (a Form item value). */
  value?: string;
  onChange?: (url: string) => void;
  disabled?: boolean;
  /** Preview size in px. */
  size?: number;
  /** Accessible name of the field ("平台 Logo"). */
  label?: string;
  id?: string;
}

/** Upload one image through the API client (multipart); the server checks type and size by content. */
export function uploadImage(file: File): Promise<UploadResult> {
  const body = new FormData();
  body.append('file', file);
  return api.post<UploadResult>(UploadPaths.image, body, { bodyType: 'multipart' });
}

/**
 * An image field: shows the current image, uploads a new one (PNG/JPEG/GIF/WebP, ≤ 5 MB) and
 * yields its URL, or clears it. Use as a Form.Item child: `<Form.Item name="logo"><ImageUpload/>`.
 */
export function ImageUpload({ value, onChange, disabled, size = 96, label, id }: ImageUploadProps) {
  const { t } = useTranslation(UPLOAD_NS);
  const [uploading, setUploading] = useState(false);

  const beforeUpload = (file: File) => {
    // A quick check for the operator; the server decides by the bytes.
    if (file.size > UPLOAD_IMAGE_MAX_BYTES) {
      toast.error(UploadMessages.tooLarge);
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  return (
    <Space align="start" className="image-upload" id={id}>
      {value ? (
        <Image
          src={value}
          width={size}
          height={size}
          className="image-upload-preview"
          alt={label ? t('previewOf', { label }) : t('preview')}
          data-testid="image-upload-preview"
        />
      ) : null}
      {!disabled && (
        <Space direction="vertical" size={4}>
          <Upload
            accept={UPLOAD_IMAGE_MIMES.join(',')}
            showUploadList={false}
            beforeUpload={beforeUpload}
            customRequest={({ file, onSuccess, onError }) => {
              setUploading(true);
              uploadImage(file as File)
                .then((result) => {
                  onSuccess?.(result);
                  onChange?.(result.url);
                  toast.success(t('uploaded'));
                })
                .catch((e: unknown) => onError?.(e as Error))
                .finally(() => setUploading(false));
            }}
          >
            <Button
              icon={uploading ? <LoadingOutlined /> : <PlusOutlined />}
              disabled={uploading}
              aria-label={label ? t('uploadOf', { label }) : t('upload')}
            >
              {value ? t('replace') : t('upload')}
            </Button>
          </Upload>
          {value && (
            <Button
              type="link"
              danger
              size="small"
              icon={<DeleteOutlined />}
              onClick={() => onChange?.('')}
              className="image-upload-remove"
            >
              {t('remove')}
            </Button>
          )}
          <span className="image-upload-hint">{t('hint')}</span>
        </Space>
      )}
      {disabled && !value && <span className="image-upload-hint">{t('none')}</span>}
    </Space>
  );
}
