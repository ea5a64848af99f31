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
  cover: '封面',
  imageOf: '第{{index}}张图片',
  moveLeft: '前移',
  moveRight: '后移',
  moveLeftOf: '第{{index}}张图片前移',
  moveRightOf: '第{{index}}张图片后移',
  removeOf: '移除第{{index}}张图片',
  tooMany: '最多上传{{max}}张图片',
  listHint:
    '最多{{max}}张，第一张为封面，可用箭头调整顺序；支持 PNG、JPEG、GIF、WebP，每张不超过 5 MB',
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
  cover: 'Cover',
  imageOf: 'Image {{index}}',
  moveLeft: 'Move earlier',
  moveRight: 'Move later',
  moveLeftOf: 'Move image {{index}} earlier',
  moveRightOf: 'Move image {{index}} later',
  removeOf: 'Remove image {{index}}',
  tooMany: 'At most {{max}} images',
  listHint:
    'Up to {{max}}; the first is the cover, reorder with the arrows. PNG, JPEG, GIF or WebP, up to 5 MB each',
};

export const UPLOAD_NS = registerFeatureLocale('upload', zh, en);
