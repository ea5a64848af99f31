export { FormDialog, type DialogMutation, type FormDialogProps } from './FormDialog';
