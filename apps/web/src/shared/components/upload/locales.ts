import { registerFeatureLocale } from '../../i18n';

const zh = {
  upload: '上传图片',
  uploadOf: '上传{{label}}',
  replace: '更换图片',
  remove: '移除',
  uploaded: '上传成功',
  preview: '图片预览',
  previewOf: '{{label}}预览',
  hint: '支持 PNG、JPEG、GIF、WebP，不超过 5 MB',
  none: '未设置',
};
const en: typeof zh = {
  upload: 'Upload image',
  uploadOf: 'Upload {{label}}',
  replace: 'Replace image',
  remove: 'Remove',
  uploaded: 'Uploaded',
  preview: 'Image preview',
  previewOf: '{{label}} preview',
  hint: 'PNG, JPEG, GIF or WebP, up to 5 MB',
  none: 'Not set',
};

export const UPLOAD_NS = registerFeatureLocale('upload', zh, en);
