import {
  VideoPaths,
  type PublicVideoList,
  type Video,
  type VideoSaveRequest,
  type VideoUploadResult,
  type LinkedByAnswer,
} from '@health/contract';
import { api } from '../../../shared/api/client';
import { entityKeys, listOf, saveById, useInvalidatingMutation } from '../../../shared/api/entity';

/** Query keys of health videos; invalidate the prefix after a change. */
export const videoKeys = entityKeys('decorate', 'videos');

export const fetchVideos = listOf<Video>(VideoPaths.list);

/** The request as the dialog and the list's switch send it (the server parses the same schema). */
export type VideoRequest = Omit<VideoSaveRequest, 'durationS' | 'sort'> & {
  durationS: number | undefined;
  sort: number;
};

/** Add (no id) or update a video, as JSON; the list refreshes. */
export function useSaveVideo(id: number | null) {
  return useInvalidatingMutation(
    (values: VideoRequest) =>
      saveById({ add: VideoPaths.add, update: VideoPaths.update }, values, id),
    [videoKeys.all],
  );
}

/** Switch a video on or off: the update with the whole video as the list shows it. */
export function useSetVideoEnabled() {
  return useInvalidatingMutation(
    ({ video, enabled }: { video: Video; enabled: boolean }) =>
      saveById<LinkedByAnswer>(
        { add: VideoPaths.add, update: VideoPaths.update },
        {
          title: video.title,
          category: video.category,
          cover: video.cover,
          url: video.url,
          durationS: video.durationS,
          description: video.description,
          sort: video.sort,
          enabled,
        } satisfies VideoRequest,
        video.id,
      ),
    [videoKeys.all],
  );
}

export function useDeleteVideo() {
  return useInvalidatingMutation(
    (id: number) =>
      api.post<{ deleted: number; linkedBy: string[] }>(
        VideoPaths.delete,
        { ids: [id] },
        { bodyType: 'json' },
      ),
    [videoKeys.all],
  );
}

/** A large file over a slow line takes long: the upload waits up to ten minutes. */
const UPLOAD_TIMEOUT_MS = 10 * 60 * 1000;

/** Upload one MP4 (multipart); the server checks its type by content and reads its duration. */
export function uploadVideo(file: File): Promise<VideoUploadResult> {
  const body = new FormData();
  body.append('file', file);
  return api.post<VideoUploadResult>(VideoPaths.upload, body, {
    bodyType: 'multipart',
    timeoutMs: UPLOAD_TIMEOUT_MS,
  });
}

/** GET the public list (no login): what /video-list shows. The page shows its own error. */
export const fetchPublicVideos = (signal?: AbortSignal) =>
  api.get<PublicVideoList>(VideoPaths.publicList, { auth: false, silent: true, signal });
