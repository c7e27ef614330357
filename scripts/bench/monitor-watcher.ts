/** The tutor's monitor in a process of its own during `bench:assignment` (assignment-scenario.ts). */
import type { GivenAssignment } from './assignment-scenario.ts';
import { type WatcherMessage, watchLoop } from './monitor-watch.ts';

const { port, given, t0Epoch } = JSON.parse(process.env.BENCH_WATCHER ?? '{}') as {
  port: number;
  given: GivenAssignment;
  t0Epoch: number;
};
const send = (message: WatcherMessage) => process.send?.(message);
let stopped = false;
process.on('message', (message: WatcherMessage) => {
  if (message.type === 'stop') stopped = true;
});
const watch = await watchLoop(port, given, t0Epoch - performance.timeOrigin, () => stopped);
send({ type: 'watched', watch });
process.disconnect();
