// A thread of the formulas' pool (formula-checker.ts, platform/thread-pool.ts): with the renderer
// the app shows formulas with, it says whether a formula parses (`check`) or renders it as MathML
// with its TeX kept as the annotation (`render`, for an export). Plain JavaScript, so that it starts
// the same under the server, the tests and the benchmarks, whatever TypeScript loader runs.
import { parentPort } from 'node:worker_threads';
import temml from 'temml';

function answer({ kind, tex, display }) {
  if (kind === 'render') {
    return temml.renderToString(tex, { displayMode: display, annotate: true, xml: true, throwOnError: false });
  }
  try {
    temml.renderToString(tex, { displayMode: display, throwOnError: true });
    return true;
  } catch {
    return false;
  }
}

parentPort.on('message', ({ id, input }) => {
  try {
    parentPort.postMessage({ id, value: answer(input) });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error?.message ?? error) });
  }
});
// Loaded and listening: the pool starts a formula's clock only now.
parentPort.postMessage({ ready: true });
