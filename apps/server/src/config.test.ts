import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const PG = 'postgres://db.example/listening';

describe('configuration', () => {
  it('runs the simulator, which makes up posts, only with the demo seed unless told', () => {
    const simulator = (env: NodeJS.ProcessEnv) => loadConfig(env).simulator;
    // The embedded database seeds the demo unless DEMO=0; PostgreSQL only with DEMO=1.
    expect(simulator({})).toBe(true);
    expect(simulator({ DEMO: '0' })).toBe(false);
    expect(simulator({ DATABASE_URL: PG })).toBe(false);
    expect(simulator({ DATABASE_URL: PG, DEMO: '1' })).toBe(true);
    // SIMULATOR says it outright, either way.
    expect(simulator({ DEMO: '0', SIMULATOR: '1' })).toBe(true);
    expect(simulator({ SIMULATOR: '0' })).toBe(false);
    expect(simulator({ DATABASE_URL: PG, SIMULATOR: '1' })).toBe(true);
  });
});
