import { describe, expect, it } from 'vitest';
import { fromWall, toWall, wallRange } from './scope.ts';

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
