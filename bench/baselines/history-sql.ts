// Baseline for the data-path bench: the history page's SQL through the driver alone (pg or
// PGlite, as Flock opens them), its rows as JSON, over bare node:http.
import http from 'node:http';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { embeddedStartParams } from '../../src/server/db/embedded.ts';
import {
  HISTORY_PAGE_SQL,
  HISTORY_PAGE_STATEMENT,
  historyPageParams,
} from '../../src/server/features/history/history.service.ts';

const params = historyPageParams(process.env.USER_ID!, null);
let query: () => Promise<unknown[]>;
if (process.env.DATABASE_URL) {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  // Prepared by name, as Flock sends it.
  query = async () =>
    (await pool.query({ text: HISTORY_PAGE_SQL, values: params, name: HISTORY_PAGE_STATEMENT }))
      .rows;
} else {
  const db = await PGlite.create(path.join(process.env.DATA_DIR!, 'pgdata'), {
    startParams: embeddedStartParams(),
  });
  query = async () => (await db.query(HISTORY_PAGE_SQL, params)).rows;
}

http
  .createServer((request, response) => {
    if (request.url === '/ready') return response.end('ok');
    query().then(
      (rows) => {
        const body = JSON.stringify({ entries: rows });
        response.writeHead(200, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(body),
        });
        response.end(body);
      },
      (error: Error) => {
        response.statusCode = 500;
        response.end(error.message);
      },
    );
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
