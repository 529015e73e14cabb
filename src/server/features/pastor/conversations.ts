import { and, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Conversation, PastorPeer } from '../../../shared/pastor.ts';
import { pastorHiddenChats, pastorMessageHides, pastorMessages } from '../../db/schema.ts';
import { findApprovedPastor, listApprovedPastors, type Pastor } from '../../core/pastor-access.ts';
import {
  CONVERSATION_LIMIT,
  noSuchPastor,
  publish,
  view,
  type Ctx,
  type Row,
} from './messages.service.ts';

// Reading: the pastors a pastor may write to, a conversation, marking it read.

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

export async function requirePeer(ctx: Ctx, me: Pastor, peerId: string): Promise<Pastor> {
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
