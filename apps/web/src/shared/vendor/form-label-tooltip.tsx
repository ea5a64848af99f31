import { lazy, Suspense, type ComponentProps, type ReactElement } from 'react';

// antd's Form imports Tooltip for the label's `tooltip` prop (FormItemLabel), and with it the
// popup machinery (@rc-component/trigger, rc-tooltip): ~17 KB gzip on /login, whose labels have no
// tooltip. The build resolves that one import here, so Tooltip loads when a label shows one.
const Tooltip = lazy(() => import('antd/es/tooltip'));

export default function FormLabelTooltip(
  props: ComponentProps<typeof Tooltip> & { children: ReactElement },
) {
  return (
    <Suspense fallback={props.children}>
      <Tooltip {...props} />
    </Suspense>
  );
}
