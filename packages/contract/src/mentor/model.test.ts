import { describe, expect, it } from 'vitest';
import { matchesPageLocation, zMentorFileName, zPageLocation } from './model.ts';

describe('page locations', () => {
  it("match a path part for part, '*' standing for any one part", () => {
    expect(matchesPageLocation('/client/*/project/*', '/client/3/project/12')).toBe(true);
    expect(matchesPageLocation('/client/*/project/*', '/client/3/project/12/')).toBe(true);
    expect(matchesPageLocation('/client/*/project/*', '/client/3/project/12?datefrom=2026-01-01')).toBe(true);
    expect(matchesPageLocation('/client/*/project/*', '/client/3/project/12/reaction-lists')).toBe(false);
    expect(matchesPageLocation('/client/*/project/*', '/client/3')).toBe(false);
    expect(matchesPageLocation('/clients', '/clients')).toBe(true);
    expect(matchesPageLocation('/clients', '/client')).toBe(false);
  });

  it('are paths of the app or nothing', () => {
    expect(zPageLocation.parse(' /client/*/project/*/reaction-lists ')).toBe('/client/*/project/*/reaction-lists');
    expect(zPageLocation.parse('')).toBeNull();
    expect(zPageLocation.parse(null)).toBeNull();
    expect(zPageLocation.safeParse('reaction-lists').success).toBe(false);
    expect(zPageLocation.safeParse('/client/**/x').success).toBe(false);
    expect(zPageLocation.safeParse('/client/<script>').success).toBe(false);
  });
});

describe('file names', () => {
  it('take a plain name and refuse any folder or path, by name', () => {
    expect(zMentorFileName.parse('listening-user-guide.pdf')).toBe('listening-user-guide.pdf');
    for (const bad of ['../etc/passwd', 'a/b.pdf', 'a\\b.pdf', '..', 'x..y.pdf']) {
      const r = zMentorFileName.safeParse(bad);
      expect(r.success, bad).toBe(false);
      expect(r.error?.issues[0].message, bad).toBe('fileName must be a file name like user-guide.pdf, without a folder or path');
    }
    expect(zMentorFileName.safeParse('.hidden').success).toBe(false);
    expect(zMentorFileName.safeParse('guide pdf').error?.issues[0].message).toBe("fileName may hold letters, digits, '.', '-' and '_' only, got 'guide pdf'");
  });
});
