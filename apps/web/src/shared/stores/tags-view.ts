import { create } from 'zustand';
import {
  addView,
  closeAll,
  closeOthers,
  closeView,
  emptyTags,
  initAffix,
  uncacheView,
  type TagsState,
  type TagView,
} from '../tags/tags-view';

/** Tag bar (vue-element-admin's "tagsView" module): in memory, cleared on logout. */
export interface TagsViewState extends TagsState {
  initAffix: (views: TagView[]) => void;
  addView: (view: TagView) => void;
  closeView: (path: string) => void;
  closeOthers: (path: string) => void;
  closeAll: () => void;
  uncache: (path: string) => void;
  reset: () => void;
}

export const useTagsViewStore = create<TagsViewState>()((set) => ({
  ...emptyTags,
  initAffix: (views) => set((s) => initAffix(s, views)),
  addView: (view) => set((s) => addView(s, view)),
  closeView: (path) => set((s) => closeView(s, path)),
  closeOthers: (path) => set((s) => closeOthers(s, path)),
  closeAll: () => set((s) => closeAll(s)),
  uncache: (path) => set((s) => uncacheView(s, path)),
  reset: () => set({ ...emptyTags }),
}));
