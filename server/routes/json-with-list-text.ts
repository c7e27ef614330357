/**
 * An answer `{"data": …}` whose one long list arrives as JSON text already (the database wrote it,
 * monitor-takers.ts): the text goes into the answer as it is, never parsed and written out again on
 * the thread that takes the exam's answers.
 */
import type { FastifyReply } from 'fastify';

/** Sends `{"data": {...data, [key]: <listJson>}}`; `listJson` must be a JSON array. */
export function sendWithListText(reply: FastifyReply, data: object, key: string, listJson: string) {
  // `{"data":{…data}}` opened again before its last two braces, for the list to go in.
  const head = `${JSON.stringify({ data }).slice(0, -2)}${Object.keys(data).length ? ',' : ''}${JSON.stringify(key)}:`;
  return reply.type('application/json; charset=utf-8').send(`${head}${listJson}}}`);
}
