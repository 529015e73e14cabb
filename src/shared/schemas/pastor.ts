import { z } from 'zod';
import { MESSAGE_MAX_CHARS } from '../pastor.ts';

const messageText = z
  .string('Type a message.')
  .trim()
  .min(1, 'Type a message.')
  .max(MESSAGE_MAX_CHARS, `At most ${MESSAGE_MAX_CHARS} characters.`);

/**
 * `id`: the id the browser gave the message while it shows it as not yet saved (spec §4's
 * temporary id); the saved message keeps it, so the two are one on screen, and sending again
 * after a lost answer saves it once.
 */
const clientId = z.uuid('Not a message id.').optional();

export const sendMessageSchema = z.object({ text: messageText, id: clientId }).strict();
export const sendFileQuery = z.object({ id: clientId }).strict();
export const editMessageSchema = z.object({ text: messageText }).strict();
export const deleteMessageQuery = z.object({ for: z.enum(['everyone', 'me']) }).strict();

export type SendMessage = z.infer<typeof sendMessageSchema>;
