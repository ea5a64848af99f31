import { useRef, useState } from 'react';
import { Button, Image, Space, Tag, Tooltip, Upload } from 'antd';
import {
  DeleteOutlined,
  LeftOutlined,
  LoadingOutlined,
  PlusOutlined,
  RightOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { UPLOAD_IMAGE_MAX_BYTES, UPLOAD_IMAGE_MIMES, UploadMessages } from '@health/contract';
import { toast } from '../../feedback/feedback';
import { uploadImage } from './ImageUpload';
import { moveImage } from './move';
import { UPLOAD_NS } from './locales';
import './image-upload.css';

export interface ImageListUploadProps {
  /** The image URLs (a Form item value); the first is the cover. */
  value?: string[];
  onChange?: (urls: string[]) => void;
  /** At most this many images (default 9). */
  max?: number;
  disabled?: boolean;
  /** Thumbnail size in px. */
  size?: number;
  /** Accessible name of the field ("商品图片"). */
  label?: string;
  id?: string;
}

/**
 * Several images: upload (several files at once, up to `max`), reorder with the arrows, remove;
 * the first is the cover. Use as a Form.Item child: `<Form.Item name="images"><ImageListUpload/>`.
 */
export function ImageListUpload({
  value,
  onChange,
  max = 9,
  disabled,
  size = 96,
  label,
  id,
}: ImageListUploadProps) {
  const { t } = useTranslation(UPLOAD_NS);
  const images = value ?? [];
  const [uploading, setUploading] = useState(0);
  // Uploads finish one by one: each adds to the latest list, not to the one it started with.
  const latest = useRef(images);
  latest.current = images;

  const beforeUpload = (file: File, files: File[]) => {
    if (file.size > UPLOAD_IMAGE_MAX_BYTES) {
      toast.error(UploadMessages.tooLarge);
      return Upload.LIST_IGNORE;
    }
    // Files picked together: the ones beyond the room left are dropped (said once).
    const room = max - latest.current.length - uploading;
    const position = files.indexOf(file);
    if (position >= room) {
      if (position === Math.max(room, 0)) toast.error(t('tooMany', { max }));
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  return (
    <div className="image-list-upload" id={id}>
      <Space wrap align="start" size={12}>
        {images.map((url, index) => (
          <div key={`${url}-${index}`} className="image-list-item" style={{ width: size }}>
            <Image
              src={url}
              width={size}
              height={size}
              className="image-upload-preview"
              alt={t('imageOf', { index: index + 1 })}
              data-testid="image-list-preview"
            />
            {index === 0 && (
              <Tag color="blue" className="image-list-cover">
                {t('cover')}
              </Tag>
            )}
            {!disabled && (
              <div className="image-list-actions">
                <Tooltip title={t('moveLeft')}>
                  <Button
                    size="small"
                    type="text"
                    icon={<LeftOutlined />}
                    aria-label={t('moveLeftOf', { index: index + 1 })}
                    disabled={index === 0}
                    onClick={() => onChange?.(moveImage(images, index, -1))}
                  />
                </Tooltip>
                <Tooltip title={t('remove')}>
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('removeOf', { index: index + 1 })}
                    onClick={() => onChange?.(images.filter((_, i) => i !== index))}
                  />
                </Tooltip>
                <Tooltip title={t('moveRight')}>
                  <Button
                    size="small"
                    type="text"
                    icon={<RightOutlined />}
                    aria-label={t('moveRightOf', { index: index + 1 })}
                    disabled={index === images.length - 1}
                    onClick={() => onChange?.(moveImage(images, index, 1))}
                  />
                </Tooltip>
              </div>
            )}
          </div>
        ))}
        {!disabled && images.length + uploading < max && (
          <Upload
            accept={UPLOAD_IMAGE_MIMES.join(',')}
            multiple
            showUploadList={false}
            beforeUpload={beforeUpload}
            customRequest={({ file, onSuccess, onError }) => {
              setUploading((n) => n + 1);
              uploadImage(file as File)
                .then((result) => {
                  onSuccess?.(result);
                  const next = [...latest.current, result.url].slice(0, max);
                  latest.current = next;
                  onChange?.(next);
                })
                .catch((e: unknown) => onError?.(e as Error))
                .finally(() => setUploading((n) => n - 1));
            }}
          >
            <button
              type="button"
              className="image-list-add"
              style={{ width: size, height: size }}
              aria-label={label ? t('uploadOf', { label }) : t('upload')}
            >
              {uploading > 0 ? <LoadingOutlined /> : <PlusOutlined />}
              <span>{t('upload')}</span>
            </button>
          </Upload>
        )}
      </Space>
      {!disabled && <div className="image-upload-hint">{t('listHint', { max })}</div>}
      {disabled && images.length === 0 && <span className="image-upload-hint">{t('none')}</span>}
    </div>
  );
}
