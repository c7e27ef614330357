/**
 * Options for every SWR read (through useRead, use-read.ts): failures get a visible "Try again"
 * instead of silent retries, and focus refetches would reshuffle a running test. Passed per read
 * rather than through an SWRConfig in the app root, which would put SWR into the first visit.
 */
export const swrOptions = { revalidateOnFocus: false, shouldRetryOnError: false, keepPreviousData: true } as const;
