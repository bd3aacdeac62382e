import { describe, expect, it } from 'vitest';
import { formatProjectDate } from './ProjectCard.tsx';

describe("a project's start and stop days", () => {
  it("are the client's calendar days, whatever the browser's zone", () => {
    // 22:30 UTC on 31 January is 00:30 on 1 February in Johannesburg.
    expect(formatProjectDate('2026-01-31T22:30:00.000Z', 'Africa/Johannesburg')).toBe('1 Feb 2026');
    expect(formatProjectDate('2026-01-31T22:30:00.000Z', 'America/Los_Angeles')).toBe('31 Jan 2026');
    expect(formatProjectDate(null, 'Africa/Johannesburg')).toBe('not set');
  });
});
