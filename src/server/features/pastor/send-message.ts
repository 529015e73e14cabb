import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { ATTACHMENT_MAX_BYTES, type ChatMessage } from '../../../shared/pastor.ts';
import { m } from '../../../paraglide/messages.js';
import { pastorMessages } from '../../db/schema.ts';
import { assertStorableText } from '../../http/edge.ts';
import { AppError } from '../../http/errors.ts';
import type { Pastor } from '../../core/pastor-access.ts';
import { notifyReceiver, publishMessage, view, type Ctx, type Row } from './messages.service.ts';
import { requirePeer } from './conversations.ts';

// Writing: a text or a file (its type judged from its bytes), sent once however often retried.

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
