// A thread of the formula checker (formula-checker.ts): parses each formula it is sent with the
// renderer the app shows them with, and answers whether it parses. Plain JavaScript, so that it
// starts the same under the server, the tests and the benchmarks, whatever TypeScript loader runs.
import { parentPort } from 'node:worker_threads';
import temml from 'temml';

parentPort.on('message', ({ id, tex, display }) => {
  let ok = true;
  try {
    temml.renderToString(tex, { displayMode: display, throwOnError: true });
  } catch {
    ok = false;
  }
  parentPort.postMessage({ id, ok });
});
// Loaded and listening: the checker starts a formula's clock only now.
parentPort.postMessage({ ready: true });
