// The return page runs in the window the provider sent back, not in the one whose modal started the
// grant. It says "a grant finished" on a same-origin broadcast channel, so the modal (and the
// invalid-token prompt) refresh at once instead of when the user next focuses their window.
const CHANNEL = 'listening-access-tokens';

export interface GrantEvent {
  projectId: number | null;
}

/** Tells every open window of the app that a grant finished (no-op where BroadcastChannel is missing). */
export function announceGrant(event: GrantEvent): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(event);
  channel.close();
}

/** Calls `listener` for each grant finished in another window; returns the unsubscribe. */
export function onGrant(listener: (event: GrantEvent) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (e: MessageEvent<GrantEvent>) => listener(e.data);
  return () => channel.close();
}
