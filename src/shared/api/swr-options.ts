/**
 * Options for every SWR read (the test and results pages): failures get a visible "Try again"
 * instead of silent retries, and focus refetches would reshuffle a running test. Passed per hook
 * rather than through an SWRConfig in the app root, which would put SWR into the first visit.
 */
export const swrOptions = { revalidateOnFocus: false, shouldRetryOnError: false, keepPreviousData: true } as const;
