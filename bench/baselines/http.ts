// Baseline for the HTTP overhead bench: bare node:http answering /api/health's JSON.
import http from 'node:http';

const body = JSON.stringify({ status: 'ok' });
http
  .createServer((_request, response) => {
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    response.end(body);
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
