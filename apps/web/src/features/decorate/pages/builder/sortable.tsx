import { useMemo } from 'react';
import { HolderOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';

/*
 * What the phone's blocks and the outline's rows share to stay cheap with a hundred of them:
 * dnd-kit renders every sortable of a list again when its SortableContext's value changes, so
 * they render only what changed (a 100-block page: bench:decorate).
 */

/**
 * A list's ids as the same array while they are the same ids in the same order: SortableContext
 * renders all its sortables again when its items are a new array, so an edit of one block would
 * render every block and row.
 */
export function useStableIds(ids: readonly string[]): string[] {
  const key = ids.join('\n');
  return useMemo(() => (key === '' ? [] : key.split('\n')), [key]);
}

/** The drag handle's icon: one element, which React does not render again. */
export const DRAG_HANDLE_ICON = <HolderOutlined />;

/**
 * The drag handle's label (the block's kind and place) and role description, translated again
 * only when they change (a drag or an insertion renders every sortable of the list).
 */
export function useHandleText(
  t: TFunction,
  name: string,
  index: number,
): { label: string; roleDescription: string } {
  const label = useMemo(() => t('builder.dragBlock', { name, n: index + 1 }), [t, name, index]);
  const roleDescription = useMemo(() => t('builder.sortable'), [t]);
  return { label, roleDescription };
}
