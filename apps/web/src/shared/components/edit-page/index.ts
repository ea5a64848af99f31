export { EditPage, type EditContext, type EditPageProps } from './EditPage';
