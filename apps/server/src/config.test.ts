import { describe, expect, it } from 'vitest';
import { loadConfig, roleOf } from './config.ts';

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

  it('pauses after each day of the demo corpus only when told, by a positive DEMO_DAY_PAUSE_MS', () => {
    const pause = (env: NodeJS.ProcessEnv) => loadConfig(env).demoDayPauseMs;
    expect(pause({})).toBe(0);
    expect(pause({ DEMO_DAY_PAUSE_MS: '3000' })).toBe(3000);
    expect(pause({ DEMO_DAY_PAUSE_MS: '-5' })).toBe(0);
    expect(pause({ DEMO_DAY_PAUSE_MS: 'soon' })).toBe(0);
  });
});

describe('process roles', () => {
  const pg = { DATABASE_URL: 'postgres://db/listening' };
  it('runs everything by default, and what --role or ROLE says on PostgreSQL', () => {
    expect(roleOf([], {})).toBe('all');
    expect(roleOf(['node', 'main.ts', '--role=api'], pg)).toBe('api');
    expect(roleOf([], { ...pg, ROLE: 'worker' })).toBe('worker');
    // The command line wins over the environment.
    expect(roleOf(['--role=all'], { ...pg, ROLE: 'worker' })).toBe('all');
  });
  it('refuses an unknown role, and a split on the embedded database', () => {
    expect(() => roleOf(['--role=web'], pg)).toThrow("unknown role 'web': use --role=api, --role=worker or --role=all");
    expect(() => roleOf(['--role=worker'], {})).toThrow(/needs DATABASE_URL/);
  });
});
