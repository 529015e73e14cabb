import { and, eq, or } from 'drizzle-orm';
import {
  DELETE_FOR_EVERYONE_WINDOW_MS,
  EDIT_WINDOW_MS,
  type ChatMessage,
} from '../../../shared/pastor.ts';
import { pastorHiddenChats, pastorMessageHides, pastorMessages } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { Pastor } from '../../core/pastor-access.ts';
import {
  noSuchMessage,
  publish,
  publishMessage,
  view,
  type Ctx,
  type Row,
} from './messages.service.ts';
import { requirePeer } from './conversations.ts';
import { m } from '../../../paraglide/messages.js';

// Changing what was sent: edit and delete within their windows, delete for me, delete a chat.

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
  if (row.senderId !== me.id) throw new AppError(403, 'NOT_SENDER', m.shared_pastor_only_sender());
  if (row.deleted) throw noSuchMessage();
  if (row.isFile)
    throw new AppError(400, 'FILE_NOT_EDITABLE', m.shared_pastor_files_not_editable());
  if (age(ctx, row) > EDIT_WINDOW_MS) {
    throw new AppError(403, 'EDIT_WINDOW_PASSED', m.shared_pastor_edit_window());
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
  if (row.senderId !== me.id) throw new AppError(403, 'NOT_SENDER', m.shared_pastor_only_sender());
  if (row.deleted) return { message: await view(ctx, row) };
  if (age(ctx, row) > DELETE_FOR_EVERYONE_WINDOW_MS) {
    throw new AppError(403, 'DELETE_WINDOW_PASSED', m.shared_pastor_delete_window());
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
