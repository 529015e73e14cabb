import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  applicationListQuery,
  applicationSubmitSchema,
  decisionSchema,
  workersGateSchema,
} from '../../../shared/schemas/workers.ts';
import { isApplicationRole } from '../../../shared/workers/roles.ts';
import {
  UPLOAD_KINDS,
  UPLOAD_MAX_BYTES,
  type UploadKind,
} from '../../../shared/workers/uploads.ts';
import { m } from '../../../paraglide/messages.js';
import type { AppContext } from '../../context.ts';
import { assertStorableText } from '../../http/edge.ts';
import { AppError, parseInput } from '../../http/errors.ts';
import { authHeaders } from '../../platform/auth.ts';
import { ADDRESS_SIGN_IN_SHARE } from '../../core/sign-in-limits.ts';
import { memberRateLimit, requireAdmin } from '../../core/guards.ts';
import { sessionUserOf } from '../../core/session.ts';
import { decideApplication } from './decide-application.ts';
import {
  fileTooLarge,
  findOwnApplication,
  saveApplicationFile,
  submitApplication,
} from './apply.ts';
import { getApplication, listApplications } from './review-applications.ts';
import { getWorkerStatus } from './workers.service.ts';
import { passWorkersGate } from './workers-gate.ts';

const idParams = z.object({ id: z.uuid({ error: () => m.server_workers_not_found() }) });

const mustLogIn = () => new AppError(401, 'UNAUTHENTICATED', m.shared_workers_must_log_in());

// Workers (spec §2 /workers-gate, /workers, /apply; Admin): every call checks who asks.
export const workersRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Multipart only in this scope: the rest of the API takes JSON alone.
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: Math.max(...Object.values(UPLOAD_MAX_BYTES)),
      files: 1,
      fields: 2,
      fieldSize: 100,
      parts: 3,
      headerPairs: 20,
    },
  });

  app.post(
    '/api/workers/gate',
    {
      config: {
        rateLimit: {
          // Every entry, right ones too, like sign-in (decision 028).
          max: ctx.config.authRateLimit * ADDRESS_SIGN_IN_SHARE,
          timeWindow: '15 minutes',
        },
      },
    },
    async (request, reply) => {
      const input = parseInput(workersGateSchema, request.body);
      const { headers } = await passWorkersGate(ctx, input, {
        headers: authHeaders(request),
        ip: request.ip,
        user: await sessionUserOf(ctx, request),
      });
      const cookies = headers?.getSetCookie() ?? [];
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return { ok: true };
    },
  );

  app.get('/api/workers/status', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const user = await sessionUserOf(ctx, request);
    if (!user) throw mustLogIn();
    return getWorkerStatus(ctx, user.id);
  });

  app.get('/api/workers/application', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const user = await sessionUserOf(ctx, request);
    if (!user) throw mustLogIn();
    return { application: await findOwnApplication(ctx, user.id) };
  });

  /** Uploads and applications: 30 an hour per member and per address, each route its own. */
  const hourly = () => ({
    config: {
      rateLimit: memberRateLimit(ctx, { member: 30, address: 30, timeWindow: '1 hour' }),
    },
  });

  app.post('/api/workers/files', hourly(), async (request, reply) => {
    const user = await sessionUserOf(ctx, request);
    if (!user) throw mustLogIn();
    if (!request.isMultipart()) {
      throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', m.server_workers_multipart());
    }
    const part = await request.file();
    if (!part) throw new AppError(400, 'NO_FILE', m.server_workers_no_file());
    const kindField = part.fields.kind;
    const kind =
      kindField && 'value' in kindField && typeof kindField.value === 'string'
        ? kindField.value
        : undefined;
    assertStorableText(kind);
    if (!kind || !(UPLOAD_KINDS as readonly string[]).includes(kind)) {
      // Drain what is left so the connection stays usable.
      part.file.resume();
      throw new AppError(400, 'VALIDATION_ERROR', m.server_workers_say_kind(), {
        kind: m.server_workers_kind_one_of({ kinds: UPLOAD_KINDS.join(', ') }),
      });
    }
    let bytes: Buffer;
    try {
      bytes = await part.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new AppError(413, 'FILE_TOO_LARGE', fileTooLarge(kind as UploadKind));
      }
      throw error;
    }
    const saved = await saveApplicationFile(ctx, user.id, kind as UploadKind, bytes);
    return reply.status(201).send(saved);
  });

  app.post('/api/workers/applications', hourly(), async (request, reply) => {
    const user = await sessionUserOf(ctx, request);
    if (!user) throw mustLogIn();
    // A role without a form says so before anything else is checked (spec §8).
    const role = (request.body as { role?: unknown } | undefined)?.role;
    if (typeof role === 'string' && !isApplicationRole(role)) {
      throw new AppError(400, 'NO_FORM', m.shared_workers_no_form({ role: role.slice(0, 40) }));
    }
    const input = parseInput(applicationSubmitSchema, request.body);
    return reply.status(201).send(await submitApplication(ctx, user.id, input));
  });

  // ---------------------------------------------------------------- admins only

  app.get('/api/admin/applications', async (request, reply) => {
    await requireAdmin(ctx, request);
    reply.header('cache-control', 'no-store');
    const query = parseInput(applicationListQuery, request.query);
    return listApplications(ctx, query);
  });

  app.get('/api/admin/applications/:id', async (request, reply) => {
    await requireAdmin(ctx, request);
    reply.header('cache-control', 'no-store');
    const { id } = parseInput(idParams, request.params);
    return getApplication(ctx, id);
  });

  app.post('/api/admin/applications/:id/decision', async (request) => {
    const admin = await requireAdmin(ctx, request);
    const { id } = parseInput(idParams, request.params);
    const input = parseInput(decisionSchema, request.body);
    return decideApplication(ctx, admin, id, input);
  });
};
