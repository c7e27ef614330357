/** The tutor's monitor on a thread of its own during `bench:assignment` (assignment-scenario.ts). */
import { parentPort, workerData } from 'node:worker_threads';
import { type GivenAssignment, watchLoop } from './assignment-scenario.ts';

const { port, given, t0Epoch, acknowledged } = workerData as {
  port: number;
  given: GivenAssignment;
  t0Epoch: number;
  acknowledged: Int32Array;
};
let stopped = false;
parentPort?.once('message', () => {
  stopped = true;
});
const watch = await watchLoop(port, given, t0Epoch - performance.timeOrigin, acknowledged, () => stopped);
parentPort?.postMessage(watch);
