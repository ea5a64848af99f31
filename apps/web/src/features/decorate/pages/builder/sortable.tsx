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
 * The drag handles' labels (a block's place and kind) and role description for a whole list,
 * translated once per language: an insertion or an undo renumbers every block of the list, and
 * a hundred translations on each would be most of its time. The label is the translation made
 * with markers in place of the values, the values put in where the markers are.
 */
export interface HandleText {
  labelOf: (name: string, index: number) => string;
  roleDescription: string;
}

export function useHandleText(t: TFunction): HandleText {
  return useMemo(() => {
    const template = t('builder.dragBlock', { name: NAME_MARK, n: PLACE_MARK });
    return {
      labelOf: (name: string, index: number) =>
        template.replace(NAME_MARK, name).replace(PLACE_MARK, String(index + 1)),
      roleDescription: t('builder.sortable'),
    };
  }, [t]);
}
const NAME_MARK = '\u0001name\u0001';
const PLACE_MARK = '\u0001n\u0001';
