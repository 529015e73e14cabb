import { m } from '../../../paraglide/messages.js';
import type { ChatMessage, Conversation } from '../../../shared/pastor.ts';
import { formatDayMonth, formatTime } from '../../../shared/format.ts';

// Small helpers of the messages screen.

/** Puts a saved message into a cached conversation (replacing it when already there). */
export function upsertMessage(conversation: Conversation | undefined, message: ChatMessage) {
  if (!conversation) return conversation;
  const at = conversation.messages.findIndex((m) => m.id === message.id);
  const messages = [...conversation.messages];
  if (at >= 0) messages[at] = message;
  else messages.push(message);
  return { ...conversation, messages };
}

export function shortTime(iso: string): string {
  const date = new Date(iso);
  return date.toDateString() === new Date().toDateString()
    ? formatTime(date, 'device')
    : formatDayMonth(date, 'device');
}

export function preview(message: ChatMessage | null, me: string): string {
  if (!message) return m.pastor_no_messages();
  const text = message.deleted
    ? m.shared_pastor_deleted()
    : message.file
      ? m.pastor_preview_file({ name: message.file.name })
      : (message.text ?? '');
  return message.senderId === me ? m.pastor_preview_mine({ text }) : text;
}
