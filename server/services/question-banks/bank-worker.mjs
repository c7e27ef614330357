// The thread of the bank reader (bank-reader.ts). The readers are TypeScript: this plain entry
// registers tsx's loader first, so the thread starts the same under the server, the tests and the
// benchmarks, whatever loads TypeScript in the thread that started it.
import { register } from 'tsx/esm/api';

register();
await import('./bank-worker.ts');
