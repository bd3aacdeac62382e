// The browser's half of a grant's binding (docs/access-tokens.md, "Grant binding"): starting a
// grant answers a nonce that this browser keeps, by the grant's state, and the return page sends
// it back with the completion; only the browser that started the grant has it.
//
// Kept in local storage, not session storage: the network's page opens in a new window, and a
// window opened that way starts with an empty session storage (Chromium, with or without an
// opener), so the return page would never find the nonce there.
const KEY = 'listening-grant-nonces';
/** A state lives 10 minutes on the server; a nonce kept longer can no longer complete anything. */
const KEEP_MS = 10 * 60_000;

type Kept = Record<string, { nonce: string; at: number }>;

function read(): Kept {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return value && typeof value === 'object' ? (value as Kept) : {};
  } catch {
    return {};
  }
}

function write(kept: Kept): void {
  try {
    if (Object.keys(kept).length) localStorage.setItem(KEY, JSON.stringify(kept));
    else localStorage.removeItem(KEY);
  } catch {
    // Storage refused (a private window, say): the completion then says it was started elsewhere.
  }
}

/** The state an authorisation address carries. */
const stateOf = (url: string): string | null => {
  try {
    return new URL(url).searchParams.get('state');
  } catch {
    return null;
  }
};

/** Keeps the nonce of the grant whose authorisation address is `url`, forgetting nonces past their state's life. */
export function keepGrantNonce(url: string, nonce: string, now = Date.now()): void {
  const state = stateOf(url);
  if (!state) return;
  const kept = Object.fromEntries(Object.entries(read()).filter(([, v]) => now - v.at < KEEP_MS));
  write({ ...kept, [state]: { nonce, at: now } });
}

/** The nonce kept for `state`, taken out: a state completes once. */
export function takeGrantNonce(state: string): string | undefined {
  const { [state]: entry, ...rest } = read();
  if (entry) write(rest);
  return entry?.nonce;
}
