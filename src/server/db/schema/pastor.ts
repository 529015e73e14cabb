import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, parentId, timestamptz, updatedAt, uuidKey } from './columns.ts';
import { member } from './references.ts';

// Messages between pastors.

export const pastorMessages = pgTable(
  'pastor_messages',
  {
    id: uuidKey(),
    senderId: member('sender_id'),
    receiverId: member('receiver_id'),
    // Text, or for a file the storage key (served only through signed links).
    message: text('message').notNull(),
    isFile: boolean('is_file').notNull().default(false),
    fileName: text('file_name'),
    // The type judged from the file's bytes and its size (never what the browser claimed).
    fileType: text('file_type'),
    fileSize: integer('file_size'),
    edited: boolean('edited').notNull().default(false),
    deleted: boolean('deleted').notNull().default(false),
    // When the receiver first saw it (the unread count is what has none).
    readAt: timestamptz('read_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('pastor_messages_not_self', sql`${t.senderId} <> ${t.receiverId}`),
    check('pastor_messages_file_name', sql`(${t.fileName} is not null) = ${t.isFile}`),
    index('pastor_messages_sender_created_idx').on(t.senderId, t.createdAt),
    index('pastor_messages_receiver_created_idx').on(t.receiverId, t.createdAt),
  ],
);

// "Delete chat" hides a conversation for one pastor on every device; the other keeps it.
export const pastorHiddenChats = pgTable(
  'pastor_hidden_chats',
  {
    userId: member(),
    peerId: member('peer_id'),
    hiddenBefore: timestamptz('hidden_before').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.peerId] })],
);

// "Delete for me": the message stays for the other pastor.
export const pastorMessageHides = pgTable(
  'pastor_message_hides',
  {
    userId: member(),
    messageId: parentId('message_id', () => pastorMessages.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.messageId] })],
);
