// Long work on the thread that answers requests (the demo corpus, the sentiment recompute, an
// index load) gives way between slices: awaiting this lets the requests and timers that are due
// run first. Awaiting a promise alone does not, and PGlite in-process answers without the event loop.
export const yieldToRequests = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
