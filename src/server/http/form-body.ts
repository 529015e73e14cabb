import type { FastifyInstance } from 'fastify';

/**
 * Form-encoded bodies (HTML forms the server writes, Africa's Talking's USSD requests) as a
 * plain object, in the scope that asks for them: elsewhere the app takes JSON only.
 */
export function acceptFormBodies(scope: FastifyInstance) {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
}
