export {
  DetailView,
  displayValue,
  EMPTY_VALUE,
  type DetailItem,
  type DetailSection,
  type DetailViewProps,
} from './DetailView';
