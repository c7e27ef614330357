/**
 * A large answer written a slice at a time. JSON.stringify of a class's 2,000 takers, and its write
 * to the socket, hold the process's one thread for milliseconds; every answer a taker sends meanwhile
 * waits that long. Written here a hundred items at a time, each slice after a turn of the event
 * loop, the answers in between are taken between the slices. The text is the same JSON.
 */
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyReply } from 'fastify';

const SLICE = 100;

/** Sends `{"data": data}`, the array at `data[key]` written in slices. */
export function sendInSlices<T extends object, K extends keyof T & string>(reply: FastifyReply, data: T, key: K) {
  const { [key]: items, ...rest } = data;
  const list = items as unknown as readonly unknown[];
  // `{"data":{…rest}}` opened again before its last two braces, for the array to go in.
  const head = `${JSON.stringify({ data: rest }).slice(0, -2)}${Object.keys(rest).length ? ',' : ''}${JSON.stringify(key)}:[`;
  const body = Readable.from(
    (async function* () {
      yield head;
      for (let at = 0; at < list.length; at += SLICE) {
        if (at > 0) await nextTurn();
        const slice = list.slice(at, at + SLICE).map((item) => JSON.stringify(item));
        yield (at > 0 ? ',' : '') + slice.join(',');
      }
      yield ']}}';
    })(),
    { objectMode: false },
  );
  return reply.type('application/json; charset=utf-8').send(body);
}
