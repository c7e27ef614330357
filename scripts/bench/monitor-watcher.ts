/** The tutor's monitor in a process of its own during `bench:assignment` (assignment-scenario.ts). */
import { type GivenAssignment, type WatcherMessage, watchLoop } from './assignment-scenario.ts';

const { port, given, t0Epoch } = JSON.parse(process.env.BENCH_WATCHER ?? '{}') as {
  port: number;
  given: GivenAssignment;
  t0Epoch: number;
};
const send = (message: WatcherMessage) => process.send?.(message);
let stopped = false;
let answerCount: ((count: number) => void) | null = null;
process.on('message', (message: WatcherMessage) => {
  if (message.type === 'stop') stopped = true;
  else if (message.type === 'count') answerCount?.(message.count);
});
const acknowledged = () =>
  new Promise<number>((resolve) => {
    answerCount = resolve;
    send({ type: 'count?' });
  });
const watch = await watchLoop(port, given, t0Epoch - performance.timeOrigin, acknowledged, () => stopped);
send({ type: 'watched', watch });
process.disconnect();
