/** What a process says of itself to whoever runs it: alive, and ready to serve. */
import { enums, type Infer, literal, optional, string, type } from './structs.ts';

export const Health = type({
  status: literal('ok'),
  /** The Node.js version serving (`24.22.3`): the operator sees that the runtime is the supported one. */
  node: string(),
});

/** Each check's outcome in a word; never a secret, an address or personal data. */
export const Readiness = type({
  status: enums(['ready', 'not ready']),
  /** Why not, in one line: the first check that failed, or that the server is stopping. */
  reason: optional(string()),
  checks: type({
    database: enums(['ok', 'unreachable']),
    migrations: enums(['current', 'pending', 'unknown']),
    redis: enums(['ok', 'unreachable', 'not configured']),
  }),
});

export type Readiness = Infer<typeof Readiness>;
