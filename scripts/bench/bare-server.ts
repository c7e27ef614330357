/**
 * The baseline: a bare node:http server that reads a JSON body, parses it and answers a small JSON,
 * which is the least any answer endpoint must do.
 */
import http from 'node:http';

const port = Number(process.env.PORT ?? 0);
const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
    const out = JSON.stringify({
      data: { answer_id: body.answer_id ?? null, duplicate: false, server_now: Date.now() },
    });
    res.writeHead(201, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(out) });
    res.end(out);
  });
});
server.listen(port, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
