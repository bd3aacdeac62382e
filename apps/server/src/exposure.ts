// Where the server may listen. The demo tenant's users sign in with a published password
// (demo-password, in the README), one of them an administrator, so a server that still has them
// must not be reachable from other machines by accident:
// - in demo mode (the embedded default) the server listens on 127.0.0.1 unless HOST says otherwise
//   (defaultHost, used by config.ts);
// - whatever the mode, it refuses to start when told to listen beyond loopback while demo users
//   with the published password exist, unless ALLOW_DEMO_EXPOSED=1 says to (exposureDecision).
// Pure functions: main.ts asks the database for the demo users (seed/demo.ts) only when the host
// is beyond loopback.
import { isIP } from 'node:net';

/** The address to listen on when HOST is not set: loopback in demo mode, every interface otherwise. */
export function defaultHost(demo: boolean): string {
  return demo ? '127.0.0.1' : '0.0.0.0';
}

/** True when an address or name reaches this machine only (127.0.0.0/8, ::1, localhost). */
export function isLoopback(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  if (isIP(h) === 6) return h === '::1' || /^(0{1,4}:){7}0{0,3}1$/.test(h) || /^::ffff:127\./.test(h);
  return false;
}

export type ExposureDecision = { start: true; warning?: string } | { start: false; error: string };

export interface DemoUser {
  email: string;
  isAdmin: boolean;
}

/**
 * Whether the server may start listening on `host`, given the demo users whose password is still
 * the published one. Refused when the host is beyond loopback and there is any, unless
 * allowDemoExposed (ALLOW_DEMO_EXPOSED=1); allowed then, with a warning to log.
 */
export function exposureDecision(input: { host: string; demoUsers: readonly DemoUser[]; allowDemoExposed: boolean }): ExposureDecision {
  const users = input.demoUsers;
  if (isLoopback(input.host) || users.length === 0) return { start: true };
  const who =
    `${users.map((u) => u.email).join(', ')} still ${users.length === 1 ? 'has' : 'have'} the published demo password, ` +
    `so anyone who reaches this address can sign in${users.some((u) => u.isAdmin) ? ', as an administrator too' : ''}`;
  if (input.allowDemoExposed) return { start: true, warning: `listening on ${input.host} with ALLOW_DEMO_EXPOSED=1 although ${who}. Change those passwords.` };
  return {
    start: false,
    error:
      `Refusing to listen on ${input.host} (HOST): ${who}. ` +
      'Change those passwords (Forgot password, with SMTP_URL set), ' +
      'or listen on this machine only (HOST unset in demo mode, or HOST=127.0.0.1), ' +
      'or set ALLOW_DEMO_EXPOSED=1 to expose the demo anyway, on a trusted network only. See README.md, "Start it".',
  };
}
