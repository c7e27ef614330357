import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { sendWithListText } from './json-with-list-text.ts';

const takers = Array.from({ length: 257 }, (_, i) => ({
  n: i,
  name: `Taker "${i}" ✓ </script>`,
  at: i % 3 ? null : i,
}));
const app = Fastify();
app.get('/many', (_request, reply) =>
  sendWithListText(reply, { state: 'open', cursor: 5 }, 'takers', JSON.stringify(takers)),
);
app.get('/none', (_request, reply) => sendWithListText(reply, { state: 'open' }, 'takers', '[]'));
app.get('/alone', (_request, reply) => sendWithListText(reply, {}, 'takers', JSON.stringify(takers)));
afterAll(() => app.close());

describe('an answer with its list given as JSON text', () => {
  it('is the JSON of the whole answer, the list in its place', async () => {
    for (const [url, data] of [
      ['/many', { state: 'open', cursor: 5, takers }],
      ['/none', { state: 'open', takers: [] }],
      ['/alone', { takers }],
    ] as const) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.json(), url).toEqual({ data });
    }
  });
});
