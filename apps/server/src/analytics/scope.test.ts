import { describe, expect, it } from 'vitest';
import type { ProjectRow } from '../db/schema.ts';
import { fromWall, previousScope, toWall, wallRange, type Scope } from './scope.ts';

describe('scope time rules', () => {
  it("turns the client's wall clock into instants and back (Johannesburg is UTC+2)", () => {
    const wall = new Date('2024-03-01T10:00:00Z');
    expect(fromWall(wall, 'Africa/Johannesburg').toISOString()).toBe('2024-03-01T08:00:00.000Z');
    expect(toWall(new Date('2024-03-01T22:30:00Z'), 'Africa/Johannesburg').toISOString()).toBe('2024-03-02T00:30:00.000Z');
    expect(fromWall(new Date('2024-07-01T12:00:00Z'), 'Europe/London').toISOString()).toBe('2024-07-01T11:00:00.000Z');
  });

  it('reads a bare end date as the whole day and rounds other ends up to the hour', () => {
    const day = wallRange(new Date('2024-03-01T00:00:00Z'), new Date('2024-03-02T00:00:00Z'));
    expect(day.endWallExclusive.toISOString()).toBe('2024-03-03T00:00:00.000Z');
    const submit = wallRange(new Date('2024-03-01T07:45:00Z'), new Date('2024-03-02T23:59:59Z'));
    expect(submit.startWall.toISOString()).toBe('2024-03-01T07:00:00.000Z');
    expect(submit.endWallExclusive.toISOString()).toBe('2024-03-03T00:00:00.000Z');
  });
});

describe('previousScope', () => {
  it('is the range of equal length just before, in instants and wall clock alike', () => {
    const tz = 'Africa/Johannesburg';
    const startWall = new Date('2026-03-08T00:00:00Z');
    const endWallExclusive = new Date('2026-03-15T00:00:00Z');
    const s: Scope = {
      project: {} as ProjectRow,
      binId: 1,
      streams: [7],
      timeZone: tz,
      from: fromWall(startWall, tz),
      to: fromWall(endWallExclusive, tz),
      startWall,
      endWall: new Date(endWallExclusive.getTime() - 1),
    };
    const p = previousScope(s);
    expect(p.to).toEqual(s.from);
    expect(p.from.toISOString()).toBe('2026-02-28T22:00:00.000Z');
    expect(p.startWall.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(p.endWall.toISOString()).toBe('2026-03-07T23:59:59.999Z');
  });
});
