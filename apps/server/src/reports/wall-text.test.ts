import { toWall } from '@listening/contract';
import { describe, expect, it } from 'vitest';
import { mailTime } from '../mail/time.ts';
import { wallText, windowText } from './pdf.ts';

describe("report files' times", () => {
  it("print a moment as the web app and the mails do: on the client's clock, '27 Nov 2026, 00:06'", () => {
    const moment = new Date('2026-11-26T22:06:00Z');
    const wall = toWall(moment, 'Africa/Johannesburg');
    expect(wallText(wall)).toBe('27 Nov 2026, 00:06');
    expect(wallText(wall)).toBe(mailTime(moment, 'Africa/Johannesburg'));
    expect(wallText(wall, false)).toBe('27 Nov 2026');
    expect(windowText(new Date('2026-11-20T00:00:00Z'), new Date('2026-11-26T23:59:00Z'))).toBe('20 Nov 2026, 00:00 - 26 Nov 2026, 23:59');
  });
});
