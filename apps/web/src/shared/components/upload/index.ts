import './locales';

export { ImageUpload, uploadImage, type ImageUploadProps } from './ImageUpload';
export { ImageListUpload, moveImage, type ImageListUploadProps } from './ImageListUpload';
