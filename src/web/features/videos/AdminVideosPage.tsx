import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { m } from '../../../paraglide/messages.js';
import type {
  LibraryVideo,
  Playlist,
  PlaylistFormInput,
  VideoValues,
} from '../../../shared/videos.ts';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { Modal } from '../../components/Modal.tsx';
import { toast } from '../../components/Toasts.tsx';
import { paths } from '../../paths.ts';
import {
  AdminItem,
  ContentPage,
  ItemButtons,
  MoveButtons,
  useMoves,
  useRemoval,
} from '../admin/index.ts';
import { PlaylistForm } from './PlaylistForm.tsx';
import { VideoForm } from './VideoForm.tsx';
import {
  addVideo,
  createPlaylist,
  deletePlaylist,
  deleteVideo,
  refreshVideos,
  reorderPlaylists,
  reorderVideos,
  updatePlaylist,
  updateVideo,
  useVideos,
  videosQueryKey,
} from './videos.api.ts';
import '../admin/admin.css';
import './videos.css';

type Editing =
  | { kind: 'add-playlist' }
  | { kind: 'edit-playlist'; playlist: Playlist }
  | { kind: 'add-video'; playlist: Playlist }
  | { kind: 'edit-video'; playlist: Playlist; video: LibraryVideo }
  | null;

const titleOf = (kind: NonNullable<Editing>['kind']) =>
  ({
    'add-playlist': m.videos_add_playlist(),
    'edit-playlist': m.videos_edit_playlist(),
    'add-video': m.videos_add_video(),
    'edit-video': m.videos_edit_video(),
  })[kind];

/** Where the video was recorded and by whom, as the admin's list shows it. */
const detailOf = (video: LibraryVideo) =>
  [video.speaker, video.recordedOn, m.videos_video_id({ id: video.videoId })]
    .filter(Boolean)
    .join(' · ');

/** /admin/videos (decision 040): playlists and their videos, added, edited, ordered, removed. */
export function AdminVideosPage() {
  const id = useId();
  const queryClient = useQueryClient();
  const library = useVideos();
  const [editing, setEditing] = useState<Editing>(null);
  const refresh = () => refreshVideos(queryClient);
  const cached = () => queryClient.getQueryData<Playlist[]>(videosQueryKey) ?? [];
  const cancel = () => queryClient.cancelQueries({ queryKey: videosQueryKey, exact: true });
  const playlistMoves = useMoves<Playlist>(cancel, refresh);
  const videoMoves = useMoves<LibraryVideo>(cancel, refresh);

  const savePlaylist = async (values: PlaylistFormInput) => {
    if (editing?.kind === 'edit-playlist') {
      await updatePlaylist(editing.playlist.id, values);
      toast.success(m.videos_playlist_saved());
    } else {
      const created = await createPlaylist(values);
      toast.success(m.videos_added({ title: created.title }));
    }
    setEditing(null);
    await refresh();
  };

  const saveVideo = async (values: VideoValues) => {
    if (editing?.kind === 'edit-video') {
      await updateVideo(editing.video.id, values);
      toast.success(m.videos_video_saved());
    } else if (editing?.kind === 'add-video') {
      const created = await addVideo(editing.playlist.id, values);
      toast.success(m.videos_added_to({ title: created.title, playlist: editing.playlist.title }));
    }
    setEditing(null);
    await refresh();
  };

  const playlistRemoval = useRemoval(async (playlist: Playlist) => {
    await deletePlaylist(playlist.id);
    return m.videos_deleted({ title: playlist.title });
  }, refresh);
  const videoRemoval = useRemoval(async (video: LibraryVideo) => {
    await deleteVideo(video.id);
    return m.videos_deleted({ title: video.title });
  }, refresh);

  const movePlaylist = (playlist: Playlist) => (direction: 'up' | 'down') =>
    void playlistMoves.move(playlist, direction, {
      current: cached,
      show: (next) => queryClient.setQueryData<Playlist[]>(videosQueryKey, next),
      save: reorderPlaylists,
    });
  const moveVideo = (playlist: Playlist, video: LibraryVideo) => (direction: 'up' | 'down') =>
    void videoMoves.move(video, direction, {
      current: () => cached().find((p) => p.id === playlist.id)?.videos ?? [],
      show: (next) =>
        queryClient.setQueryData<Playlist[]>(videosQueryKey, (old) =>
          old?.map((p) => (p.id === playlist.id ? { ...p, videos: next } : p)),
        ),
      save: (ids) => reorderVideos(playlist.id, ids),
    });

  return (
    <ContentPage
      back={paths.admin}
      backLabel={m.videos_admin_dashboard()}
      title={m.videos_title()}
      add={{ label: m.videos_add_playlist(), onClick: () => setEditing({ kind: 'add-playlist' }) }}
      intro={m.videos_admin_intro()}
    >
      <QueryState
        query={library}
        loading={m.videos_loading()}
        failed={m.videos_load_failed()}
        isEmpty={(playlists) => playlists.length === 0}
        empty={<p className="muted">{m.videos_no_playlists()}</p>}
      >
        {(playlists) =>
          playlists.map((playlist, index) => (
            <section
              key={playlist.id}
              className="admin-playlist"
              aria-labelledby={`${id}-${playlist.id}`}
            >
              <div className="admin-playlist-head">
                <div className="admin-item-text">
                  <h2 id={`${id}-${playlist.id}`}>{playlist.title}</h2>
                  {playlist.description && (
                    <span className="admin-item-meta">{playlist.description}</span>
                  )}
                </div>
                <div className="admin-item-actions">
                  <MoveButtons
                    name={m.videos_playlist_name({ title: playlist.title })}
                    first={index === 0}
                    last={index === playlists.length - 1}
                    buttonRef={playlistMoves.buttonRef(playlist)}
                    onMove={movePlaylist(playlist)}
                  />
                  <ItemButtons
                    item={m.videos_playlist_name({ title: playlist.title })}
                    onEdit={() => setEditing({ kind: 'edit-playlist', playlist })}
                    onDelete={() => playlistRemoval.ask(playlist)}
                  />
                </div>
              </div>
              {playlist.videos.length === 0 ? (
                <p className="muted">{m.videos_playlist_empty()}</p>
              ) : (
                <ol
                  className="admin-list"
                  aria-label={m.videos_playlist_order({ title: playlist.title })}
                >
                  {playlist.videos.map((video, at) => (
                    <AdminItem
                      key={video.id}
                      number={at + 1}
                      title={video.title}
                      meta={detailOf(video)}
                    >
                      <MoveButtons
                        name={video.title}
                        first={at === 0}
                        last={at === playlist.videos.length - 1}
                        buttonRef={videoMoves.buttonRef(video)}
                        onMove={moveVideo(playlist, video)}
                      />
                      <ItemButtons
                        item={video.title}
                        onEdit={() => setEditing({ kind: 'edit-video', playlist, video })}
                        onDelete={() => videoRemoval.ask(video)}
                      />
                    </AdminItem>
                  ))}
                </ol>
              )}
              <button
                type="button"
                className="button button-small button-secondary admin-playlist-add"
                aria-label={m.videos_add_video_to({ title: playlist.title })}
                onClick={() => setEditing({ kind: 'add-video', playlist })}
              >
                {m.videos_add_video()}
              </button>
            </section>
          ))
        }
      </QueryState>

      <Modal
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing ? titleOf(editing.kind) : ''}
      >
        {(editing?.kind === 'add-playlist' || editing?.kind === 'edit-playlist') && (
          <PlaylistForm
            playlist={editing.kind === 'edit-playlist' ? editing.playlist : undefined}
            onSave={savePlaylist}
            onCancel={() => setEditing(null)}
          />
        )}
        {(editing?.kind === 'add-video' || editing?.kind === 'edit-video') && (
          <VideoForm
            video={editing.kind === 'edit-video' ? editing.video : undefined}
            onSave={saveVideo}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>

      <ConfirmModal {...playlistRemoval.confirmProps} title={m.videos_delete_playlist_title()}>
        <p>
          {m.videos_delete_playlist_body({
            title: playlistRemoval.item?.title ?? '',
            count: playlistRemoval.item?.videos.length ?? 0,
          })}
        </p>
      </ConfirmModal>
      <ConfirmModal {...videoRemoval.confirmProps} title={m.videos_delete_video_title()}>
        <p>{m.videos_delete_video_body({ title: videoRemoval.item?.title ?? '' })}</p>
      </ConfirmModal>
    </ContentPage>
  );
}
