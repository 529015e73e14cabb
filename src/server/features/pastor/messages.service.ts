import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  ATTACHMENT_LINK_SECONDS,
  ATTACHMENT_MAX_BYTES,
  DELETE_FOR_EVERYONE_WINDOW_MS,
  EDIT_WINDOW_MS,
  PASTOR_MESSAGES,
  type ChatMessage,
  type Conversation,
  type PastorPeer,
  type RealtimeEvent,
} from '../../../shared/pastor.ts';
import { m } from '../../../paraglide/messages.js';
import type { AppContext } from '../../context.ts';
import { pastorHiddenChats, pastorMessageHides, pastorMessages } from '../../db/schema.ts';
import { assertStorableText } from '../../http/edge.ts';
import { AppError } from '../../http/errors.ts';
import { notify } from '../../core/notify.ts';
import { findApprovedPastor, listApprovedPastors, type Pastor } from '../../core/pastor-access.ts';

// Private messages between approved pastors (spec §2 Messages, §4, §5, §6 Message rules, §9).
// Every rule is checked here against the server's clock (ctx.now), never the browser's.

type Ctx = Pick<
  AppContext,
  'db' | 'storage' | 'realtime' | 'now' | 'log' | 'mailer' | 'sms' | 'config' | 'secrets' | 'church'
>;
type Row = typeof pastorMessages.$inferSelect;

/** How many of the latest messages a conversation shows. */
const CONVERSATION_LIMIT = 300;

const noSuchPastor = () => new AppError(404, 'NOT_FOUND', PASTOR_MESSAGES.noSuchPastor);
const noSuchMessage = () => new AppError(404, 'NOT_FOUND', PASTOR_MESSAGES.noSuchMessage);

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

const view = (ctx: Pick<Ctx, 'storage'>, row: Row) => viewOf(ctx, wireOf(row));

/**
 * A new message's notice to its receiver (push only: a chat, decision 041). A failure here
 * never undoes the saved message.
 */
async function notifyReceiver(ctx: Ctx, me: Pastor, row: Row) {
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
async function publishMessage(ctx: Ctx, row: Row) {
  const to = [row.senderId, row.receiverId];
  let payload: WirePayload = { type: 'message', message: wireOf(row) };
  if (!ctx.realtime.fits(to, payload)) payload = { type: 'message-ref', id: row.id };
  await publish(ctx, to, payload);
}

async function publish(ctx: Ctx, to: string[], payload: WirePayload) {
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

// ---------------------------------------------------------------- reading

/** What `me` may see: their pair's messages, not hidden by them, after a deleted chat. */
function visibleTo(me: string, peer?: string): SQL {
  const m = pastorMessages;
  const pair = peer
    ? or(
        and(eq(m.senderId, me), eq(m.receiverId, peer)),
        and(eq(m.senderId, peer), eq(m.receiverId, me)),
      )
    : or(eq(m.senderId, me), eq(m.receiverId, me));
  return and(
    pair,
    sql`not exists (select 1 from ${pastorMessageHides} where ${pastorMessageHides.userId} = ${me} and ${pastorMessageHides.messageId} = ${m.id})`,
    sql`not exists (select 1 from ${pastorHiddenChats} where ${pastorHiddenChats.userId} = ${me} and ${pastorHiddenChats.peerId} in (${m.senderId}, ${m.receiverId}) and ${m.createdAt} <= ${pastorHiddenChats.hiddenBefore})`,
  )!;
}

/** The other approved pastors with the last message and how many are unread (spec §7). */
export async function listPastors(ctx: Ctx, me: Pastor): Promise<PastorPeer[]> {
  const m = pastorMessages;
  // DISTINCT ON the unordered pair: the newest visible message of each conversation.
  const least = sql`least(${m.senderId}, ${m.receiverId})`;
  const greatest = sql`greatest(${m.senderId}, ${m.receiverId})`;
  const [pastors, lastRows, unreadRows] = await Promise.all([
    listApprovedPastors(ctx),
    ctx.db
      .selectDistinctOn([least, greatest])
      .from(m)
      .where(visibleTo(me.id))
      .orderBy(least, greatest, desc(m.createdAt), desc(m.id)),
    ctx.db
      .select({ peer: m.senderId, count: sql<number>`count(*)::int` })
      .from(m)
      .where(and(visibleTo(me.id), eq(m.receiverId, me.id), isNull(m.readAt), eq(m.deleted, false)))
      .groupBy(m.senderId),
  ]);
  const last = new Map<string, Row>();
  for (const row of lastRows) {
    last.set(row.senderId === me.id ? row.receiverId : row.senderId, row);
  }
  const unread = new Map(unreadRows.map((r) => [r.peer, Number(r.count)]));
  const peers = await Promise.all(
    pastors
      .filter((p) => p.id !== me.id)
      .map(async (p) => {
        const row = last.get(p.id);
        return {
          ...p,
          lastMessage: row ? await view(ctx, row) : null,
          unread: unread.get(p.id) ?? 0,
        };
      }),
  );
  // Conversations with the newest message first, then everyone else by name.
  return peers.sort((a, b) => {
    const at = a.lastMessage?.createdAt ?? '';
    const bt = b.lastMessage?.createdAt ?? '';
    return at === bt ? 0 : at < bt ? 1 : -1;
  });
}

async function requirePeer(ctx: Ctx, me: Pastor, peerId: string): Promise<Pastor> {
  if (peerId === me.id) throw noSuchPastor();
  const peer = await findApprovedPastor(ctx, peerId);
  if (!peer) throw noSuchPastor();
  return peer;
}

/** The conversation with one other approved pastor, oldest first (spec §7). */
export async function getConversation(ctx: Ctx, me: Pastor, peerId: string): Promise<Conversation> {
  const peer = await requirePeer(ctx, me, peerId);
  const rows = await ctx.db
    .select()
    .from(pastorMessages)
    .where(visibleTo(me.id, peer.id))
    .orderBy(desc(pastorMessages.createdAt), desc(pastorMessages.id))
    .limit(CONVERSATION_LIMIT);
  rows.reverse();
  return {
    me: me.id,
    peer: { id: peer.id, fullName: peer.fullName, email: peer.email },
    messages: await Promise.all(rows.map((row) => view(ctx, row))),
  };
}

/** The pastor has seen what `peerId` sent them. */
export async function markRead(ctx: Ctx, me: Pastor, peerId: string): Promise<{ read: number }> {
  const peer = await requirePeer(ctx, me, peerId);
  const rows = await ctx.db
    .update(pastorMessages)
    .set({ readAt: ctx.now() })
    .where(
      and(
        eq(pastorMessages.senderId, peer.id),
        eq(pastorMessages.receiverId, me.id),
        isNull(pastorMessages.readAt),
      ),
    )
    .returning({ id: pastorMessages.id });
  if (rows.length > 0) await publish(ctx, [me.id], { type: 'read', peerId: peer.id });
  return { read: rows.length };
}

// ---------------------------------------------------------------- writing

/**
 * Saves a new message. With the browser's id, a second send of the same message (its answer
 * was lost) returns the one saved; an id someone else's message has is refused.
 */
async function insertMessage(
  ctx: Ctx,
  me: Pastor,
  values: Omit<typeof pastorMessages.$inferInsert, 'createdAt' | 'updatedAt' | 'senderId'>,
): Promise<{ row: Row; created: boolean }> {
  const now = ctx.now();
  const [row] = (await ctx.db
    .insert(pastorMessages)
    .values({ ...values, senderId: me.id, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: pastorMessages.id })
    .returning()) as [Row | undefined];
  if (row) return { row, created: true };
  const [existing] = await ctx.db
    .select()
    .from(pastorMessages)
    .where(
      and(
        eq(pastorMessages.id, values.id!),
        eq(pastorMessages.senderId, me.id),
        eq(pastorMessages.receiverId, values.receiverId),
      ),
    );
  if (!existing) throw new AppError(409, 'ID_TAKEN', m.server_pastor_id_taken());
  return { row: existing, created: false };
}

export async function sendText(
  ctx: Ctx,
  me: Pastor,
  peerId: string,
  text: string,
  id?: string,
): Promise<ChatMessage> {
  const peer = await requirePeer(ctx, me, peerId);
  const { row, created } = await insertMessage(ctx, me, {
    ...(id ? { id } : {}),
    receiverId: peer.id,
    message: text,
  });
  if (created) {
    await publishMessage(ctx, row);
    await notifyReceiver(ctx, me, row);
  }
  return view(ctx, row);
}

// Attachments are judged by their bytes (file-type), never by name or claimed type, and only
// these are kept. They are always served as downloads, so nothing runs in our pages.
const ATTACHMENT_TYPES = new Map<string, string>([
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
  ['image/gif', 'gif'],
  ['image/webp', 'webp'],
  ['application/pdf', 'pdf'],
  ['audio/mpeg', 'mp3'],
  ['audio/mp4', 'm4a'],
  ['audio/x-m4a', 'm4a'],
  ['audio/ogg', 'ogg'],
  ['video/mp4', 'mp4'],
  ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx'],
  ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx'],
  ['application/vnd.openxmlformats-officedocument.presentationml.presentation', 'pptx'],
]);

const notAllowedType = () =>
  new AppError(415, 'FILE_TYPE_NOT_ALLOWED', m.server_pastor_file_type());

/** Plain text has no signature to detect: valid UTF-8 without control bytes, named .txt. */
function isPlainText(bytes: Buffer, name: string): boolean {
  if (!/\.txt$/i.test(name)) return false;
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\u0000-\u0008\u000e-\u001f]/.test(bytes.toString('latin1'))) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** A file name a person can read and a header can carry. */
export function cleanFileName(name: string): string {
  assertStorableText(name);
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const clean = name.replace(/[\u0000-\u001f\u007f"\\/]/g, '').trim();
  return (clean || 'file').slice(-200);
}

export async function sendFile(
  ctx: Ctx,
  me: Pastor,
  peerId: string,
  file: { name: string; bytes: Buffer },
  id?: string,
): Promise<ChatMessage> {
  const peer = await requirePeer(ctx, me, peerId);
  if (file.bytes.length > ATTACHMENT_MAX_BYTES) throw fileTooLarge();
  if (file.bytes.length === 0) throw new AppError(400, 'EMPTY_FILE', m.server_pastor_file_empty());
  const name = cleanFileName(file.name);
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(file.bytes);
  let type: string;
  let extension: string;
  if (detected && ATTACHMENT_TYPES.has(detected.mime)) {
    type = detected.mime;
    extension = ATTACHMENT_TYPES.get(detected.mime)!;
  } else if (!detected && isPlainText(file.bytes, name)) {
    type = 'text/plain; charset=utf-8';
    extension = 'txt';
  } else {
    throw notAllowedType();
  }
  const key = `pastor-attachments/${me.id}/${randomUUID()}.${extension}`;
  await ctx.storage.put(key, file.bytes, type);
  try {
    const { row, created } = await insertMessage(ctx, me, {
      ...(id ? { id } : {}),
      receiverId: peer.id,
      message: key,
      isFile: true,
      fileName: name,
      fileType: type,
      fileSize: file.bytes.length,
    });
    if (created) {
      await publishMessage(ctx, row);
      await notifyReceiver(ctx, me, row);
    } else await ctx.storage.delete(key).catch(() => {});
    return view(ctx, row);
  } catch (error) {
    await ctx.storage.delete(key).catch(() => {});
    throw error;
  }
}

export const fileTooLarge = () =>
  new AppError(
    413,
    'FILE_TOO_LARGE',
    m.server_pastor_file_too_large({ mb: ATTACHMENT_MAX_BYTES / (1024 * 1024) }),
  );

/** A message of `me`'s conversations (either side), or 404: another pair's is not found. */
async function findOwnMessage(ctx: Ctx, me: Pastor, id: string): Promise<Row> {
  const [row] = await ctx.db
    .select()
    .from(pastorMessages)
    .where(
      and(
        eq(pastorMessages.id, id),
        or(eq(pastorMessages.senderId, me.id), eq(pastorMessages.receiverId, me.id)),
      ),
    );
  if (!row) throw noSuchMessage();
  return row;
}

const age = (ctx: Ctx, row: Row) => ctx.now().getTime() - row.createdAt.getTime();

/** Spec §6: only the sender, text only, within 15 minutes; marked as edited. */
export async function editMessage(
  ctx: Ctx,
  me: Pastor,
  id: string,
  text: string,
): Promise<ChatMessage> {
  const row = await findOwnMessage(ctx, me, id);
  if (row.senderId !== me.id) throw new AppError(403, 'NOT_SENDER', PASTOR_MESSAGES.onlySender);
  if (row.deleted) throw noSuchMessage();
  if (row.isFile) throw new AppError(400, 'FILE_NOT_EDITABLE', PASTOR_MESSAGES.filesNotEditable);
  if (age(ctx, row) > EDIT_WINDOW_MS) {
    throw new AppError(403, 'EDIT_WINDOW_PASSED', PASTOR_MESSAGES.editWindow);
  }
  // Unchanged text saves nothing (spec §5).
  if (text === row.message) return view(ctx, row);
  const [updated] = (await ctx.db
    .update(pastorMessages)
    .set({ message: text, edited: true, updatedAt: ctx.now() })
    .where(and(eq(pastorMessages.id, id), eq(pastorMessages.deleted, false)))
    .returning()) as [Row | undefined];
  if (!updated) throw noSuchMessage();
  await publishMessage(ctx, updated);
  return view(ctx, updated);
}

/**
 * Spec §6: delete for everyone — only the sender, within 24 hours, shown to both as 'This
 * message was deleted' (the text or file is gone); otherwise delete for me (hidden for this
 * pastor only).
 */
export async function deleteMessage(
  ctx: Ctx,
  me: Pastor,
  id: string,
  scope: 'everyone' | 'me',
): Promise<{ message: ChatMessage | null }> {
  const row = await findOwnMessage(ctx, me, id);
  if (scope === 'me') {
    await ctx.db
      .insert(pastorMessageHides)
      .values({ userId: me.id, messageId: row.id })
      .onConflictDoNothing();
    await publish(ctx, [me.id], { type: 'hidden', messageId: row.id });
    return { message: null };
  }
  if (row.senderId !== me.id) throw new AppError(403, 'NOT_SENDER', PASTOR_MESSAGES.onlySender);
  if (row.deleted) return { message: await view(ctx, row) };
  if (age(ctx, row) > DELETE_FOR_EVERYONE_WINDOW_MS) {
    throw new AppError(403, 'DELETE_WINDOW_PASSED', PASTOR_MESSAGES.deleteWindow);
  }
  const [updated] = (await ctx.db
    .update(pastorMessages)
    .set({
      deleted: true,
      message: '',
      isFile: false,
      fileName: null,
      fileType: null,
      fileSize: null,
      updatedAt: ctx.now(),
    })
    .where(eq(pastorMessages.id, row.id))
    .returning()) as [Row];
  if (row.isFile) await ctx.storage.delete(row.message).catch(() => {});
  await publishMessage(ctx, updated);
  return { message: await view(ctx, updated) };
}

/**
 * Delete chat: hides the conversation so far for this pastor only (on every device); the
 * other pastor keeps it, and a new message brings the conversation back.
 */
export async function deleteChat(ctx: Ctx, me: Pastor, peerId: string): Promise<{ ok: true }> {
  const peer = await requirePeer(ctx, me, peerId);
  const now = ctx.now();
  await ctx.db
    .insert(pastorHiddenChats)
    .values({ userId: me.id, peerId: peer.id, hiddenBefore: now })
    .onConflictDoUpdate({
      target: [pastorHiddenChats.userId, pastorHiddenChats.peerId],
      set: { hiddenBefore: now },
    });
  await publish(ctx, [me.id], { type: 'chat-hidden', peerId: peer.id });
  return { ok: true };
}
