import { z } from 'zod';
import { MESSAGE_MAX_CHARS } from '../pastor.ts';

const messageText = z
  .string('Type a message.')
  .trim()
  .min(1, 'Type a message.')
  .max(MESSAGE_MAX_CHARS, `At most ${MESSAGE_MAX_CHARS} characters.`);

export const sendMessageSchema = z.object({ text: messageText }).strict();
export const editMessageSchema = z.object({ text: messageText }).strict();
export const deleteMessageQuery = z.object({ for: z.enum(['everyone', 'me']) }).strict();

export type SendMessage = z.infer<typeof sendMessageSchema>;
