import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/**
 * One line per answer worth reading: every error (4xx, 5xx; 5xx as errors) and redirect, and
 * any answer slower than SLOW_REQUEST_MS. Successful, quick answers are not logged (at debug
 * and trace, Fastify logs every request itself). Written where Fastify logs a completed
 * request rather than in an onResponse hook: a hook would run for every answer of every
 * route just to return (issue 16 #4).
 */
class ResponseLog extends LogController {
  readonly #slowMs: number;

  constructor(slowMs: number) {
    super({ disableRequestLogging: true });
    this.#slowMs = slowMs;
  }

  override requestCompleted(_error: unknown, request: FastifyRequest, reply: FastifyReply) {
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    const slow = ms >= this.#slowMs;
    if ((status < 300 || status === 304) && !slow) return;
    const line = {
      method: request.method,
      url: request.url.split('?')[0],
      status,
      ms: Math.round(ms),
      ip: request.ip,
    };
    if (status >= 500) request.log.error(line, 'request failed');
    else if (slow) request.log.warn(line, 'slow request');
    else request.log.info(line, 'request');
  }
}

/**
 * Fastify's request logging for a log level: every request at debug and trace; below, only
 * the answers worth reading (a line per request costs a quarter of the throughput, issue 16 #5).
 */
export function logControllerFor(config: Config): LogController {
  if (['debug', 'trace'].includes(config.logLevel)) return new LogController();
  if (config.logLevel === 'silent') return new LogController({ disableRequestLogging: true });
  return new ResponseLog(config.slowRequestMs);
}
