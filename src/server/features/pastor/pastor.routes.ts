import fastifyMultipart from '@fastify/multipart';
import fastifyWebsocket from '@fastify/websocket';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ATTACHMENT_MAX_BYTES } from '../../../shared/pastor.ts';
import {
  deleteMessageQuery,
  editMessageSchema,
  sendFileQuery,
  sendMessageSchema,
} from '../../../shared/schemas/pastor.ts';
import { m } from '../../../paraglide/messages.js';
import type { AppContext } from '../../context.ts';
import { contentDisposition } from '../../platform/storage/storage.ts';
import { AppError, parseInput } from '../../http/errors.ts';
import { trustedOrigins } from '../../platform/auth.ts';
import { inLocale, localeOfCookie } from '../../platform/locale.ts';
import { memberRateLimit } from '../../core/guards.ts';
import { sessionUserOf } from '../../core/session.ts';
import { getAppointment, renderAppointmentPdf } from './appointment.service.ts';
import { deleteChat, deleteMessage, editMessage } from './edit-messages.ts';
import { fileTooLarge, sendFile, sendText } from './send-message.ts';
import { getConversation, listPastors, markRead } from './conversations.ts';
import { createMessageLimiter, type PastorMessageLimits } from './message-limits.ts';
import { requirePastor } from '../../core/pastor-access.ts';
import { servePastorSocket, socketErrorHandler, type PastorSocketLimits } from './pastor.socket.ts';

const peerParams = z.object({ peerId: z.string().min(1).max(100) });
const messageParams = z.object({ id: z.uuid({ error: () => m.server_pastor_no_message() }) });

// The pastor portal (spec §2 /pastor/*): every call asks who the caller is and refuses anyone
// but an approved pastor (core/pastor-access.ts), before anything else.
export const pastorRoutes: FastifyPluginAsync<{
  ctx: AppContext;
  socketRecheckMs?: number | undefined;
  socketLimits?: Partial<PastorSocketLimits> | undefined;
  messageLimits?: Partial<PastorMessageLimits> | undefined;
}> = async (app, { ctx, socketRecheckMs, socketLimits, messageLimits }) => {
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: ATTACHMENT_MAX_BYTES,
      files: 1,
      fields: 0,
      parts: 1,
      headerPairs: 20,
    },
  });
  await app.register(fastifyWebsocket, {
    // The browser sends nothing over the socket; the server only pushes.
    options: { maxPayload: 1024 },
    // A frame over maxPayload is the client's mistake: a warning, rate-limited (issue 31).
    errorHandler: socketErrorHandler(ctx.log),
  });

  const pastorOf = async (request: FastifyRequest) =>
    requirePastor(ctx, await sessionUserOf(ctx, request));
  // What one pastor may write: a burst, a rate and bytes of text (decision 032).
  const messageLimiter = createMessageLimiter(ctx, messageLimits);
  // Both refuse before the body is read: a pastor known to be over the message limits, from
  // memory, then the route's own limit (issue 31: a client repeating refused writes as fast
  // as it could cost a body parse and a database read each).
  const writeLimit = {
    onRequest: async (request: FastifyRequest) => {
      const user = await sessionUserOf(ctx, request);
      // Before the request's language is set (a preHandler): its refusal in that language.
      if (user)
        inLocale(localeOfCookie(request.headers.cookie), () =>
          messageLimiter.refuseIfKnown(user.id),
        );
    },
    config: {
      rateLimit: memberRateLimit(ctx, {
        member: 120,
        address: 60,
        timeWindow: '1 minute',
        hook: 'onRequest',
      }),
    },
  };

  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/api/pastor/me', async (request) => {
    const pastor = await pastorOf(request);
    return { id: pastor.id, fullName: pastor.fullName, email: pastor.email };
  });

  // Any signed-in member gets an answer: a letter, or 'still under review or not approved'.
  app.get('/api/pastor/appointment', async (request) =>
    getAppointment(ctx, await sessionUserOf(ctx, request)),
  );

  app.get('/api/pastor/appointment/letter.pdf', async (request, reply) => {
    const pdf = await renderAppointmentPdf(ctx, await sessionUserOf(ctx, request));
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', contentDisposition('attachment', pdf.fileName))
      .send(pdf.body);
  });

  app.get('/api/pastor/pastors', async (request) => {
    const pastor = await pastorOf(request);
    return { pastors: await listPastors(ctx, pastor) };
  });

  app.get('/api/pastor/conversations/:peerId', async (request) => {
    const pastor = await pastorOf(request);
    const { peerId } = parseInput(peerParams, request.params);
    return getConversation(ctx, pastor, peerId);
  });

  app.post('/api/pastor/conversations/:peerId/read', async (request) => {
    const pastor = await pastorOf(request);
    const { peerId } = parseInput(peerParams, request.params);
    return markRead(ctx, pastor, peerId);
  });

  app.post('/api/pastor/conversations/:peerId/messages', writeLimit, async (request, reply) => {
    const pastor = await pastorOf(request);
    const { peerId } = parseInput(peerParams, request.params);
    const { text, id } = parseInput(sendMessageSchema, request.body);
    await messageLimiter.consume(pastor.id, Buffer.byteLength(text));
    return reply.status(201).send({ message: await sendText(ctx, pastor, peerId, text, id) });
  });

  app.post('/api/pastor/conversations/:peerId/files', writeLimit, async (request, reply) => {
    const pastor = await pastorOf(request);
    const { peerId } = parseInput(peerParams, request.params);
    const { id } = parseInput(sendFileQuery, request.query);
    if (!request.isMultipart()) {
      throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', m.server_pastor_multipart());
    }
    // A file counts as a message; its bytes go to storage, not into the message table.
    await messageLimiter.consume(pastor.id, 0);
    const part = await request.file();
    if (!part) throw new AppError(400, 'NO_FILE', m.server_pastor_no_file());
    let bytes: Buffer;
    try {
      bytes = await part.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
      throw error;
    }
    const message = await sendFile(ctx, pastor, peerId, { name: part.filename, bytes }, id);
    return reply.status(201).send({ message });
  });

  app.delete('/api/pastor/conversations/:peerId', async (request) => {
    const pastor = await pastorOf(request);
    const { peerId } = parseInput(peerParams, request.params);
    return deleteChat(ctx, pastor, peerId);
  });

  app.patch('/api/pastor/messages/:id', writeLimit, async (request) => {
    const pastor = await pastorOf(request);
    const { id } = parseInput(messageParams, request.params);
    const { text } = parseInput(editMessageSchema, request.body);
    await messageLimiter.consume(pastor.id, Buffer.byteLength(text));
    return { message: await editMessage(ctx, pastor, id, text) };
  });

  app.delete('/api/pastor/messages/:id', async (request) => {
    const pastor = await pastorOf(request);
    const { id } = parseInput(messageParams, request.params);
    const query = parseInput(deleteMessageQuery, request.query);
    return deleteMessage(ctx, pastor, id, query.for);
  });

  servePastorSocket(app, ctx, {
    trustedOrigins: trustedOrigins(ctx.config),
    recheckMs: socketRecheckMs,
    limits: socketLimits,
  });
};
