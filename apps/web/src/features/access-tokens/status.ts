// The rules the Access Token Management modal follows, kept apart from the screens so they can be
// tested directly: a profile's status, the networks a profile can be linked on, and the modal's
// three steps.
import { STREAMS } from '@listening/contract';

/** The specification's three states of an access-token profile (docs/spec/000_a68d9a07050fe88c.txt section 4). */
export type TokenStatus = 'Not Granted' | 'Invalid' | 'Granted';

/** What a status needs to know of a profile: whether a token is stored, and whether it passed its last check. */
export interface TokenState {
  HasToken: boolean;
  IsValid: boolean;
}

/** Not Granted: no token. Invalid: a token that failed its check. Granted: a token that passed. */
export function tokenStatus(profile: TokenState): TokenStatus {
  if (!profile.HasToken) return 'Not Granted';
  return profile.IsValid ? 'Granted' : 'Invalid';
}

/** Whether the project needs the prompt 'You have profiles with invalid access tokens…'. */
export const hasInvalidTokens = (profiles: readonly TokenState[] | undefined): boolean => !!profiles?.some((p) => tokenStatus(p) === 'Invalid');

/** The colour a status is drawn in: granted green, invalid red, not granted grey. */
export const STATUS_COLOR: Record<TokenStatus, string> = { Granted: 'teal', Invalid: 'red', 'Not Granted': 'gray' };

/** 'an' before a network whose name is said with a vowel sound first (an Instagram account, an X account). */
const AN = new Set<number>([STREAMS.Instagram, STREAMS.X]);

/** 'Link an Instagram account', 'Link a Facebook account'. */
export const linkAccountLabel = (streamId: number, network: string) => `Link ${AN.has(streamId) ? 'an' : 'a'} ${network} account`;

/** Names joined as a reader says them: 'A', 'A and B', 'A, B and C'. */
const joined = (names: readonly string[]) => (names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`);

/**
 * What step 1 says of the networks this server cannot link: one line per missing set of settings
 * ('Facebook and Instagram cannot be linked until OAUTH_FACEBOOK_CLIENT_ID and
 * OAUTH_FACEBOOK_CLIENT_SECRET are set on the server.').
 */
export function unlinkableLines(networks: readonly { Network: string; Configured: boolean; MissingSettings: readonly string[] }[]): string[] {
  const bySettings = new Map<string, string[]>();
  for (const n of networks) {
    if (n.Configured) continue;
    const key = joined(n.MissingSettings);
    bySettings.set(key, [...(bySettings.get(key) ?? []), n.Network]);
  }
  return [...bySettings].map(
    ([settings, names]) => `${joined(names)} cannot be linked until ${settings} ${settings.includes(' and ') ? 'are' : 'is'} set on the server.`,
  );
}

/** The networks with an authorisation link (docs/spec/000_a68d9a07050fe88c.txt section 4), in the order step 2 offers them. */
export const LINKABLE_STREAMS: readonly number[] = [STREAMS.Facebook, STREAMS.Instagram, STREAMS.YouTube, STREAMS.LinkedIn, STREAMS.TikTok, STREAMS.X];

/** What each network links, said on step 3 so the user knows which account to sign in with. */
export const LINK_HINT: Record<number, string> = {
  [STREAMS.Facebook]: 'Sign in with a Facebook account that manages the Pages you want to follow. Each Page you allow becomes an owned profile.',
  [STREAMS.Instagram]:
    'Sign in with Facebook: Instagram business accounts are linked through the Facebook Pages they are connected to. Each one you allow becomes an owned profile.',
  [STREAMS.YouTube]: 'Sign in with the Google account that owns the YouTube channel.',
  [STREAMS.LinkedIn]: 'Sign in with a LinkedIn account that administers the organisation pages you want to follow.',
  [STREAMS.TikTok]: 'Sign in with the TikTok account you want to follow.',
  [STREAMS.X]: 'Sign in with the X account you want to follow.',
};

// ---- the modal's steps --------------------------------------------------------------------------

/** 1 list of profiles, 2 pick platform, 3 link (docs/spec/000_a68d9a07050fe88c.txt section 2). */
export type ModalStep =
  | { step: 1 }
  | { step: 2 }
  /** Linking a network: a new profile, or a re-grant of one that is Not Granted or Invalid. */
  | { step: 3; streamId: number; profile: { ProfileId: number; Name: string } | null };

export type StepAction =
  | { type: 'add' }
  | { type: 'pick'; streamId: number }
  | { type: 'regrant'; streamId: number; profile: { ProfileId: number; Name: string } }
  | { type: 'back' }
  | { type: 'reset' };

export const FIRST_STEP: ModalStep = { step: 1 };

export function stepReducer(state: ModalStep, action: StepAction): ModalStep {
  switch (action.type) {
    case 'add':
      return { step: 2 };
    case 'pick':
      return LINKABLE_STREAMS.includes(action.streamId) ? { step: 3, streamId: action.streamId, profile: null } : state;
    case 'regrant':
      return LINKABLE_STREAMS.includes(action.streamId) ? { step: 3, streamId: action.streamId, profile: action.profile } : state;
    case 'back':
      // A re-grant started from the list goes back to the list; a new link goes back to the platforms.
      if (state.step === 3) return state.profile ? FIRST_STEP : { step: 2 };
      return FIRST_STEP;
    case 'reset':
      return FIRST_STEP;
  }
}

/** The spec's "resets to step 1 about 200 ms after it closes": late enough that the closing modal does not visibly jump. */
export const RESET_DELAY_MS = 200;
/** The admin's 'copied' confirmation hides after 2 seconds. */
export const COPY_CONFIRMATION_MS = 2000;
/** Token check toasts last 30 seconds. */
export const CHECK_TOAST_MS = 30_000;
