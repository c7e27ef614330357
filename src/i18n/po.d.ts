// The Lingui Vite plugin compiles a catalog on import; this is the shape it hands back.
declare module '*.po' {
  import type { Messages } from '@lingui/core';

  export const messages: Messages;
}

// One part of a catalog (scripts/vite/catalog-parts.ts).
declare module '*.po?part=shell' {
  import type { Messages } from '@lingui/core';

  export const messages: Messages;
}
declare module '*.po?part=pages' {
  import type { Messages } from '@lingui/core';

  export const messages: Messages;
}
