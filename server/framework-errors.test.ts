/**
 * Answers for requests that never reach a route are in the API's envelope with its headers, and
 * clients that send slowly cannot hold a socket: each is tested against a listening server with a
 * raw socket, as such a client would be.
 */
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/helpers.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function listening(env: Record<string, string> = {}): Promise<{ app: TestApp; port: number }> {
  t = await createTestApp({ content: null, env });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { app: t, port: address.port };
}

interface RawExchange {
  socket: Socket;
  /** Everything the server sent, once it closed the connection; and when, in ms after connecting. */
  closed: Promise<{ text: string; afterMs: number }>;
}

function rawConnection(port: number): RawExchange {
  const socket = connect(port, '127.0.0.1');
  const started = performance.now();
  const chunks: Buffer[] = [];
  socket.on('data', (chunk) => chunks.push(chunk));
  const closed = new Promise<{ text: string; afterMs: number }>((resolve) => {
    socket.on('close', () =>
      resolve({ text: Buffer.concat(chunks).toString('utf8'), afterMs: performance.now() - started }),
    );
    socket.on('error', () => undefined);
  });
  return { socket, closed };
}

/** Writes `text` one byte every `everyMs` until the socket closes (or the text runs out). */
async function trickle(socket: Socket, text: string, everyMs: number): Promise<number> {
  let sent = 0;
  for (const byte of text) {
    if (socket.destroyed) break;
    socket.write(byte);
    sent++;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  return sent;
}

function parseRaw(text: string) {
  const [head = '', body = ''] = text.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

function expectEnvelope(headers: Record<string, string | string[] | number | undefined>, body: string, what: string) {
  expect(String(headers['content-type']), what).toMatch(/^application\/json/);
  expect(String(headers['content-security-policy']), what).toContain("default-src 'self'");
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['cache-control'], what).toBe('no-store');
  const parsed = JSON.parse(body) as Record<string, unknown>;
  expect(Object.keys(parsed), what).toEqual(['message']);
  expect(String(parsed.message).length, what).toBeGreaterThan(0);
}

describe('answers the framework gives', () => {
  it('puts URLs that do not decode or are too long in the envelope, with the security headers', async () => {
    t = await createTestApp({ content: null });
    for (const [url, status] of [
      ['/v1/public/lessons/%ff', 400],
      ['/v1/public/lessons/%E0%A4%A', 400],
      [`/v1/public/lessons/${'a'.repeat(300)}`, 414],
    ] as const) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(status);
      expectEnvelope(res.headers, res.body, url);
      expect(res.body).not.toContain('FST_ERR');
    }
  });

  it('answers malformed HTTP and oversized headers in the envelope, on the raw socket', async () => {
    const { port } = await listening();
    for (const [request, status] of [
      ['GET /v1/public/main-page HTTP/1.1\r\nHost: x\r\nNo colon here\r\n\r\n', 400],
      [`GET /v1/public/main-page HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
    ] as const) {
      const exchange = rawConnection(port);
      exchange.socket.write(request);
      const { text } = await exchange.closed;
      const answer = parseRaw(text);
      expect(answer.status, request.slice(0, 40)).toBe(status);
      expectEnvelope(answer.headers, answer.body, request.slice(0, 40));
    }
  });
});

describe('clients that send slowly', () => {
  const TIMEOUTS = {
    HTTP_HEADERS_TIMEOUT_SECONDS: '1',
    HTTP_REQUEST_TIMEOUT_SECONDS: '2',
    HTTP_KEEP_ALIVE_SECONDS: '1',
    HTTP_IDLE_TIMEOUT_SECONDS: '3',
  };

  it('cannot hold a socket by sending its headers a byte at a time', async () => {
    const { port } = await listening(TIMEOUTS);
    const slow = rawConnection(port);
    const trickling = trickle(
      slow.socket,
      `GET /v1/public/main-page HTTP/1.1\r\nHost: x\r\n${'X-A: b\r\n'.repeat(40)}`,
      250,
    );
    // Meanwhile everyone else is served.
    const other = await fetch(`http://127.0.0.1:${port}/v1/auth/config`);
    expect(other.status).toBe(200);
    const { text, afterMs } = await slow.closed;
    const sent = await trickling;
    // Headers 1 s, checked every second: closed well before the 80 s the trickle would take.
    expect(afterMs).toBeLessThan(4_000);
    expect(sent).toBeLessThan(30);
    const answer = parseRaw(text);
    expect(answer.status).toBe(408);
    expectEnvelope(answer.headers, answer.body, 'headers timeout');
  });

  it('cannot hold a socket by sending its body a byte at a time', async () => {
    const { port } = await listening(TIMEOUTS);
    const slow = rawConnection(port);
    const body = JSON.stringify({ email: 'slow@example.com', password: 'x'.repeat(200) });
    slow.socket.write(
      `POST /v1/auth/login HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n`,
    );
    const trickling = trickle(slow.socket, body, 250);
    const { afterMs } = await slow.closed;
    const sent = await trickling;
    // The whole request within 2 s: closed long before the body's 60 s.
    expect(afterMs).toBeLessThan(5_000);
    expect(sent).toBeLessThan(body.length);
  });

  it('closes an idle keep-alive connection', async () => {
    const { port } = await listening(TIMEOUTS);
    const idle = rawConnection(port);
    idle.socket.write('GET /v1/auth/config HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n');
    const { text, afterMs } = await idle.closed;
    expect(text).toMatch(/^HTTP\/1\.1 200/);
    expect(afterMs).toBeLessThan(3_000);
  });
});
