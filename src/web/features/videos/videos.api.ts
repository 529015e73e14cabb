import { useQuery, type QueryClient } from '@tanstack/react-query';
import type {
  LibraryVideo,
  Playlist,
  PlaylistFormInput,
  VideoValues,
} from '../../../shared/videos.ts';
import { apiFetch } from '../../api.ts';
import { videosApiPaths } from './videos.paths.ts';

// The video library (decision 040). The server answers with an ETag and `no-cache`, as for
// the sermons: asked again whenever a screen opens, a 304 when nothing changed.

export const videosQueryKey = ['videos'] as const;

export function useVideos() {
  return useQuery({
    queryKey: videosQueryKey,
    queryFn: ({ signal }) =>
      apiFetch<{ playlists: Playlist[] }>(videosApiPaths.videos, { signal }).then(
        (r) => r.playlists,
      ),
    staleTime: 0,
  });
}

export function refreshVideos(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: videosQueryKey });
}

export const createPlaylist = (values: PlaylistFormInput) =>
  apiFetch<Playlist>(videosApiPaths.playlists, { method: 'POST', body: values });

export const updatePlaylist = (id: string, values: PlaylistFormInput) =>
  apiFetch<Playlist>(videosApiPaths.playlist(id), { method: 'PATCH', body: values });

export const deletePlaylist = (id: string) =>
  apiFetch<void>(videosApiPaths.playlist(id), { method: 'DELETE' });

export const reorderPlaylists = (ids: string[]) =>
  apiFetch<unknown>(videosApiPaths.playlistOrder, { method: 'PUT', body: { ids } });

export const addVideo = (playlistId: string, values: VideoValues) =>
  apiFetch<LibraryVideo>(videosApiPaths.playlistVideos(playlistId), {
    method: 'POST',
    body: values,
  });

export const updateVideo = (id: string, values: VideoValues) =>
  apiFetch<LibraryVideo>(videosApiPaths.video(id), { method: 'PATCH', body: values });

export const deleteVideo = (id: string) =>
  apiFetch<void>(videosApiPaths.video(id), { method: 'DELETE' });

export const reorderVideos = (playlistId: string, ids: string[]) =>
  apiFetch<unknown>(videosApiPaths.playlistVideoOrder(playlistId), {
    method: 'PUT',
    body: { ids },
  });
