import { z } from 'zod';

/** Image uploads (logos, grade icons, rich text): stored by content type, served publicly. */
export const UploadPaths = {
  image: '/v3/system/admin/upload/image',
} as const;

/** Uploaded files are served publicly below this path (outside `/{service}`). */
export const UPLOADS_URL_PREFIX = '/uploads/';
export const UPLOAD_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_IMAGE_MIMES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const UploadMessages = {
  fileRequired: '请选择要上传的图片',
  tooLarge: '图片不能超过 5 MB',
  badType: '只能上传 PNG、JPEG、GIF 或 WebP 图片（按文件内容识别）',
} as const;
export const uploadResultSchema = z.object({
  url: z.string(),
  key: z.string(),
  size: z.number().int(),
  mime: z.string(),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;
