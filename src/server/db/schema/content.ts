import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, parentId, timestamptz, updatedAt, uuidKey } from './columns.ts';

// Sermons, the devotional and the video library (decision 040): content admins edit.

export const sermons = pgTable(
  'sermons',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    videoId: text('video_id').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('sermons_id_format', sql`${t.id} ~ '^[a-z0-9][a-z0-9-]{0,79}$'`),
    check('sermons_video_id_format', sql`${t.videoId} ~ '^[A-Za-z0-9_-]{11}$'`),
    check('sermons_title_length', sql`char_length(${t.title}) between 1 and 200`),
    index('sermons_position_idx').on(t.position),
  ],
);

export const devotionalWeeks = pgTable(
  'devotional_weeks',
  {
    id: integer('id').primaryKey(), // the week number, e.g. 15
    title: text('title').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('devotional_weeks_id_positive', sql`${t.id} > 0`)],
);

export const devotionalDays = pgTable(
  'devotional_days',
  {
    weekId: integer('week_id')
      .notNull()
      .references(() => devotionalWeeks.id, { onDelete: 'cascade' }),
    day: integer('day').notNull(),
    title: text('title').notNull(),
    documentUrl: text('document_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.weekId, t.day] }),
    check('devotional_days_day_positive', sql`${t.day} > 0`),
    check(
      'devotional_days_url_https',
      sql`${t.documentUrl} is null or ${t.documentUrl} ~ '^https://'`,
    ),
  ],
);

// Which content file was last applied (by hash), so a restart does not undo admin edits.
export const contentVersions = pgTable('content_versions', {
  name: text('name').primaryKey(),
  hash: text('hash').notNull(),
  appliedAt: timestamptz('applied_at').notNull().defaultNow(),
});

/** A playlist of the church's video library, beyond the ten sermons; admins edit them. */
export const videoPlaylists = pgTable(
  'video_playlists',
  {
    id: uuidKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    position: integer('position').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('video_playlists_title_length', sql`char_length(${t.title}) between 1 and 200`),
    check('video_playlists_description_length', sql`char_length(${t.description}) <= 1000`),
    index('video_playlists_position_idx').on(t.position),
  ],
);

export const videos = pgTable(
  'videos',
  {
    id: uuidKey(),
    playlistId: parentId('playlist_id', () => videoPlaylists.id),
    title: text('title').notNull(),
    videoId: text('video_id').notNull(),
    position: integer('position').notNull(),
    speaker: text('speaker'),
    /** The day it was preached or recorded, when the admin gives it. */
    recordedOn: date('recorded_on', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('videos_video_id_format', sql`${t.videoId} ~ '^[A-Za-z0-9_-]{11}$'`),
    check('videos_title_length', sql`char_length(${t.title}) between 1 and 200`),
    check('videos_speaker_length', sql`char_length(${t.speaker}) between 1 and 100`),
    index('videos_playlist_position_idx').on(t.playlistId, t.position),
  ],
);
