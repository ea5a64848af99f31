import './locales';

export { ImageUpload, uploadImage, type ImageUploadProps } from './ImageUpload';
