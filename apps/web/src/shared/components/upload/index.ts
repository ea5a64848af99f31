import './locales';

export { ImageUpload, uploadImage, type ImageUploadProps } from './ImageUpload';
export { ImageListUpload, type ImageListUploadProps } from './ImageListUpload';
export { moveImage } from './move';
