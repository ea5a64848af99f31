export {
  FormDialog,
  type DialogCallbacks,
  type DialogMutation,
  type FormDialogProps,
} from './FormDialog';
