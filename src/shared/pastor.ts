import { m } from '../paraglide/messages.js';

// The pastor portal (spec §2 /pastor/*, Appointment view, Messages; §5 Message edit; §6 Message
// rules; §9 limits). Strings and limits both sides use; the server enforces every rule.

/** Spec §9. */
export const EDIT_WINDOW_MS = 15 * 60 * 1000;
export const DELETE_FOR_EVERYONE_WINDOW_MS = 24 * 60 * 60 * 1000;
export const POLL_INTERVAL_MS = 3000;
export const ATTACHMENT_LINK_SECONDS = 24 * 60 * 60;

/** Beyond the spec: a cap so one message stays one row a phone can show. */
export const MESSAGE_MAX_CHARS = 4000;
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

/** Spec §2 Appointment view: "The letters state an effective date of 1st October 2025." */
export const APPOINTMENT_EFFECTIVE_DATE = '1st October 2025';

export interface PastorPeer {
  id: string;
  fullName: string;
  email: string;
  lastMessage: ChatMessage | null;
  unread: number;
}

export interface ChatFile {
  name: string;
  /** A signed link, valid 24 h from when the message was last shown; always a download. */
  url: string;
  type: string;
  size: number;
}

export interface ChatMessage {
  id: string;
  senderId: string;
  receiverId: string;
  /** Null for a file or a deleted message. */
  text: string | null;
  file: ChatFile | null;
  createdAt: string;
  edited: boolean;
  deleted: boolean;
}

export interface Conversation {
  me: string;
  peer: { id: string; fullName: string; email: string };
  messages: ChatMessage[];
}

/** What the socket sends (and what the HTTP answers of writes return as `message`). */
export type RealtimeEvent =
  | { type: 'message'; message: ChatMessage }
  | { type: 'hidden'; messageId: string }
  | { type: 'chat-hidden'; peerId: string }
  | { type: 'read'; peerId: string };

export type LetterKind = 'full' | 'lay';

export interface AppointmentLetter {
  kind: LetterKind;
  title: string;
  churchName: string;
  registeredName: string;
  fullName: string;
  assembly: string;
  role: string;
  effectiveDate: string;
  paragraphs: string[];
  signatories: { name: string; title: string }[];
}

export type AppointmentView =
  { status: 'appointed'; letter: AppointmentLetter } | { status: 'not_approved'; message: string };

/** Spec §2: 'full' or 'full-time' → the full pastor letter, 'lay' → the lay letter. */
export function letterKindOf(pastorType: string | null | undefined): LetterKind | null {
  if (pastorType === 'full' || pastorType === 'full-time') return 'full';
  if (pastorType === 'lay') return 'lay';
  return null;
}

export const LETTER_ROLES: Record<LetterKind, string> = {
  get full() {
    return m.shared_pastor_letter_full();
  },
  get lay() {
    return m.shared_pastor_letter_lay();
  },
};

/** The pastors' WebSocket (same origin, the session cookie authenticates it). */
export const PASTOR_SOCKET_PATH = '/api/pastor/socket';
