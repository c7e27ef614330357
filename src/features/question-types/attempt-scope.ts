import { createContext } from 'react';

/**
 * The attempt a taking view shows (its session's id), for the inputs that keep a copy of their own
 * on the device while typing (an essay): null outside a running test.
 */
export const AttemptScope = createContext<string | null>(null);
