import { eq } from 'drizzle-orm';
import {
  ATTACHMENT_LINK_SECONDS,
  type ChatMessage,
  type RealtimeEvent,
} from '../../../shared/pastor.ts';
import { m } from '../../../paraglide/messages.js';
import type { AppContext } from '../../context.ts';
import { pastorMessages } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { notify } from '../../core/notify.ts';
import type { Pastor } from '../../core/pastor-access.ts';

// Private messages between approved pastors (spec §2 Messages, §4, §5, §6 Message rules, §9).
// Every rule is checked against the server's clock (ctx.now), never the browser's.
//
// This file: a message as the wire and the viewer see it, and its publishing. conversations.ts,
// send-message.ts, edit-messages.ts.

export type Ctx = Pick<
  AppContext,
  'db' | 'storage' | 'realtime' | 'now' | 'log' | 'mailer' | 'sms' | 'config' | 'secrets' | 'church'
>;
export type Row = typeof pastorMessages.$inferSelect;

/** How many of the latest messages a conversation shows. */
export const CONVERSATION_LIMIT = 300;

export const noSuchPastor = () => new AppError(404, 'NOT_FOUND', m.shared_pastor_no_such_pastor());
export const noSuchMessage = () =>
  new AppError(404, 'NOT_FOUND', m.shared_pastor_no_such_message());

// ---------------------------------------------------------------- views

/** A file as the wire between instances carries it: the key, never a link. */
interface WireFile {
  key: string;
  name: string;
  type: string;
  size: number;
}
type WireMessage = Omit<ChatMessage, 'file'> & { file: WireFile | null };

/** Realtime payloads between instances: a message, or its id when it is too big for NOTIFY. */
export type WirePayload =
  | { type: 'message'; message: WireMessage }
  | { type: 'message-ref'; id: string }
  | Exclude<RealtimeEvent, { type: 'message' }>;

function wireOf(row: Row): WireMessage {
  const deleted = row.deleted;
  return {
    id: row.id,
    senderId: row.senderId,
    receiverId: row.receiverId,
    text: deleted || row.isFile ? null : row.message,
    file:
      !deleted && row.isFile
        ? {
            key: row.message,
            name: row.fileName ?? 'file',
            type: row.fileType ?? 'application/octet-stream',
            size: row.fileSize ?? 0,
          }
        : null,
    createdAt: row.createdAt.toISOString(),
    edited: row.edited,
    deleted,
  };
}

/**
 * What a pastor's browser gets. A file's link is signed afresh each time the message is
 * shown (valid 24 h, spec §9) and always downloads (Content-Disposition: attachment).
 */
export async function viewOf(ctx: Pick<Ctx, 'storage'>, wire: WireMessage): Promise<ChatMessage> {
  if (!wire.file) return { ...wire, file: null };
  const { key, ...file } = wire.file;
  const url = await ctx.storage.signedUrl(key, {
    expiresInSeconds: ATTACHMENT_LINK_SECONDS,
    downloadName: file.name,
  });
  return { ...wire, file: { ...file, url } };
}

export const view = (ctx: Pick<Ctx, 'storage'>, row: Row) => viewOf(ctx, wireOf(row));

/**
 * A new message's notice to its receiver (push only: a chat, decision 041). A failure here
 * never undoes the saved message.
 */
export async function notifyReceiver(ctx: Ctx, me: Pastor, row: Row) {
  try {
    await notify(ctx, {
      userId: row.receiverId,
      kind: 'message.new',
      key: row.id,
      url: `/pastor/messages?with=${me.id}`,
      texts: () => ({
        title: m.server_pastor_notice_title({ name: me.fullName }),
        body: row.isFile
          ? m.server_pastor_notice_file({ name: row.fileName ?? '' })
          : row.message.slice(0, 140),
      }),
    });
  } catch (error) {
    ctx.log.warn({ err: error, messageId: row.id }, 'a message notice was not written');
  }
}

/** Tells both sides (on every instance); a failure here never undoes the saved write. */
export async function publishMessage(ctx: Ctx, row: Row) {
  const to = [row.senderId, row.receiverId];
  let payload: WirePayload = { type: 'message', message: wireOf(row) };
  if (!ctx.realtime.fits(to, payload)) payload = { type: 'message-ref', id: row.id };
  await publish(ctx, to, payload);
}

export async function publish(ctx: Ctx, to: string[], payload: WirePayload) {
  try {
    await ctx.realtime.publish(to, payload);
  } catch (error) {
    ctx.log.warn({ err: error }, 'realtime publish failed (clients catch up by polling)');
  }
}

/** How long a message read for its announcement serves the other sockets waiting for it. */
const REFERENCE_READ_MS = 2000;
const referenceReads = new WeakMap<object, Map<string, Promise<Row | undefined>>>();

/**
 * A message announced by reference (too large for NOTIFY), read once per instance however
 * many sockets wait for it (issue 31): every socket's delivery asks at the same moment, the
 * first read is shared, and kept a moment for deliveries still queued behind others.
 */
function readReferenced(ctx: Pick<Ctx, 'db'>, id: string): Promise<Row | undefined> {
  let reads = referenceReads.get(ctx.db);
  if (!reads) referenceReads.set(ctx.db, (reads = new Map()));
  let read = reads.get(id);
  if (!read) {
    read = ctx.db
      .select()
      .from(pastorMessages)
      .where(eq(pastorMessages.id, id))
      .then(([row]) => row);
    reads.set(id, read);
    const forget = () => setTimeout(() => reads.delete(id), REFERENCE_READ_MS).unref();
    read.then(forget, () => reads.delete(id));
  }
  return read;
}

/**
 * Turns a payload from another instance into what one pastor's socket is sent, or null when
 * it is not for them.
 */
export async function prepareForViewer(
  ctx: Pick<Ctx, 'db' | 'storage'>,
  viewerId: string,
  payload: WirePayload | { type: 'resync' },
): Promise<RealtimeEvent | { type: 'resync' } | null> {
  switch (payload.type) {
    case 'message':
      return { type: 'message', message: await viewOf(ctx, payload.message) };
    case 'message-ref': {
      const row = await readReferenced(ctx, payload.id);
      if (!row || (row.senderId !== viewerId && row.receiverId !== viewerId)) return null;
      return { type: 'message', message: await view(ctx, row) };
    }
    default:
      return payload;
  }
}
