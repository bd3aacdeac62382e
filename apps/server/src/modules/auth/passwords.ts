// Password hashing: argon2id with OWASP's minimum parameters (19 MiB, 2 passes). Every hash and
// verify goes through one small semaphore, so a burst of logins or password resets cannot start
// more argon2 computations at once than the machine has cores for (the rest wait their turn).
import { hash, verify } from '@node-rs/argon2';

const ARGON = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
/** argon2 computations running at once, per process; more wait in line. */
export const ARGON_CONCURRENCY = 2;

/** Runs at most `size` tasks at once; the others wait, first come first served. */
export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  /** The most tasks seen running at once, and how many ran, since creation (for tests and metrics). */
  readonly stats = { peak: 0, runs: 0 };
  constructor(readonly size: number) {}

  get running(): number {
    return this.active;
  }
  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active < this.size) this.active++;
    // The slot is handed over by the task that frees it, so `active` never drops in between.
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.stats.peak = Math.max(this.stats.peak, this.active);
    this.stats.runs++;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}

/** The one gate of argon2 work in this process. */
export const argonGate = new Semaphore(ARGON_CONCURRENCY);
/** How many hashes (not verifies) were computed: lets tests check that a refused call did none. */
export const argonCounts = { hashes: 0, verifies: 0 };

export function hashPassword(password: string): Promise<string> {
  return argonGate.run(() => {
    argonCounts.hashes++;
    return hash(password, ARGON);
  });
}

/** False for a wrong password or a malformed hash. */
export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return argonGate.run(() => {
    argonCounts.verifies++;
    return verify(passwordHash, password).catch(() => false);
  });
}

/** A stand-in hash, so that an unknown email costs as much time as a wrong password. */
let dummyHash: Promise<string> | null = null;
export const dummyPasswordHash = (): Promise<string> => (dummyHash ??= hashPassword('not-a-password'));
