import type { Notification } from '@listening/contract';
import { describe, expect, it } from 'vitest';
import { clickEffect } from './click.ts';

const n = (NotificationTypeId: number, extra: Partial<Notification> = {}): Notification => ({
  Id: 1,
  Description: 'x',
  DateCreated: '2026-03-10T10:00:00Z',
  DateSeen: null,
  NotificationTypeId,
  ClientId: null,
  ClientName: null,
  ProjectId: null,
  ProjectName: null,
  Link: null,
  ...extra,
});

describe('clicking a notification', () => {
  it('marks a type-2 notification seen, once', () => {
    expect(clickEffect(n(2))).toEqual({ markSeen: true, mentorTutorialId: null });
    expect(clickEffect(n(2, { DateSeen: '2026-03-10T11:00:00Z' })).markSeen).toBe(false);
  });

  it('leaves a type-1 notification unseen', () => {
    expect(clickEffect(n(1))).toEqual({ markSeen: false, mentorTutorialId: null });
  });

  it('fetches the mentor detail of the tutorial a type-4 notification links to, without marking it seen', () => {
    expect(clickEffect(n(4, { Link: '/mentor/tutorial/12' }))).toEqual({ markSeen: false, mentorTutorialId: 12 });
    expect(clickEffect(n(4, { Link: '/admin/collection' })).mentorTutorialId).toBeNull();
    expect(clickEffect(n(4)).mentorTutorialId).toBeNull();
    // Only type 4 asks for mentor detail, whatever the link.
    expect(clickEffect(n(2, { Link: '/mentor/tutorial/12' })).mentorTutorialId).toBeNull();
  });
});
