import { m } from '../../paraglide/messages.js';
import { z } from 'zod';
import { MESSAGE_MAX_CHARS } from '../pastor.ts';

const typeMessage = () => m.shared_pastor_type_message();
const messageText = z
  .string({ error: typeMessage })
  .trim()
  .min(1, { error: typeMessage })
  .max(MESSAGE_MAX_CHARS, { error: () => m.shared_workers_at_most({ max: MESSAGE_MAX_CHARS }) });

/**
 * `id`: the id the browser gave the message while it shows it as not yet saved (spec §4's
 * temporary id); the saved message keeps it, so the two are one on screen, and sending again
 * after a lost answer saves it once.
 */
const clientId = z.uuid({ error: () => m.shared_pastor_not_a_message_id() }).optional();

export const sendMessageSchema = z.object({ text: messageText, id: clientId }).strict();
export const sendFileQuery = z.object({ id: clientId }).strict();
export const editMessageSchema = z.object({ text: messageText }).strict();
export const deleteMessageQuery = z.object({ for: z.enum(['everyone', 'me']) }).strict();

export type SendMessage = z.infer<typeof sendMessageSchema>;
