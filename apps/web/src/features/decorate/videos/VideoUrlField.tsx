import { useEffect, useState } from 'react';
import { Button, Input, Space, Upload } from 'antd';
import { LoadingOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  VIDEO_UPLOAD_MAX_BYTES,
  VIDEO_UPLOAD_MIME,
  VideoMessages,
  formatVideoDuration,
  isHttpsUrl,
  isUploadedVideo,
  type VideoUploadResult,
} from '@health/contract';
import { toast } from '../../../shared/feedback/feedback';
import { DECORATE_NS } from '../locales';
import { uploadVideo } from './api';

export interface VideoUrlFieldProps {
  /** The video's address (a Form item value): an uploaded MP4 ("/uploads/…") or an https URL. */
  value?: string;
  onChange?: (url: string) => void;
  /** After an upload: its answer (the dialog fills the duration from it). */
  onUploaded?: (result: VideoUploadResult) => void;
  /** The cover, as the preview's poster. */
  poster?: string;
  id?: string;
}

/**
 * The video of the dialog: upload an MP4 (checked and measured by the server) or type an https
 * address; either way a player below shows what members will see.
 */
export function VideoUrlField({ value, onChange, onUploaded, poster, id }: VideoUrlFieldProps) {
  const { t } = useTranslation(DECORATE_NS);
  const [uploading, setUploading] = useState(false);
  const url = value ?? '';
  // The player follows a typed address once typing pauses (not a request per keystroke).
  const [shown, setShown] = useState(url);
  useEffect(() => {
    const timer = setTimeout(() => setShown(url), 600);
    return () => clearTimeout(timer);
  }, [url]);
  const playable = isUploadedVideo(shown) || isHttpsUrl(shown);

  return (
    <div className="video-url-field">
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id={id}
          value={url}
          onChange={(e) => onChange?.(e.target.value)}
          placeholder={t('video.urlPlaceholder')}
          allowClear
          translate="no"
        />
        <Upload
          accept={`${VIDEO_UPLOAD_MIME},.mp4`}
          showUploadList={false}
          disabled={uploading}
          beforeUpload={(file) => {
            // A quick check for the operator; the server decides by the bytes.
            if (file.size > VIDEO_UPLOAD_MAX_BYTES) {
              toast.error(VideoMessages.tooLarge);
              return Upload.LIST_IGNORE;
            }
            return true;
          }}
          customRequest={({ file, onSuccess, onError }) => {
            setUploading(true);
            uploadVideo(file as File)
              .then((result) => {
                onSuccess?.(result);
                onChange?.(result.url);
                setShown(result.url);
                onUploaded?.(result);
                toast.success(
                  result.durationS === null
                    ? t('video.uploadedNoDuration')
                    : t('video.uploaded', { duration: formatVideoDuration(result.durationS) }),
                );
              })
              .catch((e: unknown) => onError?.(e as Error))
              .finally(() => setUploading(false));
          }}
        >
          <Button
            icon={uploading ? <LoadingOutlined /> : <UploadOutlined />}
            disabled={uploading}
            data-testid="video-upload"
          >
            {uploading ? t('video.uploading') : t('video.upload')}
          </Button>
        </Upload>
      </Space.Compact>
      <div className="video-url-hint">
        {t('video.uploadHint', { max: VIDEO_UPLOAD_MAX_BYTES / 1024 / 1024 })}
      </div>
      {playable && (
        <video
          key={shown}
          className="video-url-preview"
          src={shown}
          poster={poster || undefined}
          controls
          preload="metadata"
          aria-label={t('video.preview')}
          data-testid="video-preview"
        />
      )}
    </div>
  );
}
