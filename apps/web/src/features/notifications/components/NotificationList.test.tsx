// @vitest-environment jsdom
import { MESSAGES, type Notification } from '@listening/contract';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPlain } from '../../../test/render.tsx';
import { NotificationList, opensLabel, opensTo } from './NotificationList.tsx';

afterEach(cleanup);

const now = new Date('2026-03-10T12:00:00Z');
const n = (Id: number, Description: string, DateCreated: string, DateSeen: string | null = null): Notification => ({
  Id,
  Description,
  DateCreated,
  DateSeen,
  NotificationTypeId: 2,
  ClientId: null,
  ClientName: null,
  ProjectId: null,
  ProjectName: null,
  Link: null,
});

describe('NotificationList', () => {
  it("says 'No new notifications' when there are none", () => {
    renderPlain(<NotificationList notifications={[]} onOpen={() => {}} onDelete={() => {}} now={now} />);
    expect(screen.getByText(MESSAGES.noNotifications)).toBeTruthy();
  });

  it('lists newest first with times relative to now, the first item styled unread', () => {
    renderPlain(
      <NotificationList
        notifications={[n(1, 'Older report ready', '2026-03-07T12:00:00Z', '2026-03-08T00:00:00Z'), n(2, 'Reaction list matched', '2026-03-10T11:30:00Z')]}
        onOpen={() => {}}
        onDelete={() => {}}
        now={now}
      />,
    );
    const items = within(screen.getByRole('list', { name: 'Notifications' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([expect.stringContaining('Reaction list matched'), expect.stringContaining('Older report ready')]);
    expect(items[0].textContent).toContain('30 minutes ago');
    expect(items[1].textContent).toContain('3 days ago');
    expect(items[0].getAttribute('data-unread')).toBe('true');
    expect(items[1].getAttribute('data-unread')).toBeNull();
  });

  it('opens an item on click and deletes from its own button', () => {
    const onOpen = vi.fn();
    const onDelete = vi.fn();
    const item = n(5, 'Welcome', '2026-03-10T10:00:00Z');
    renderPlain(<NotificationList notifications={[item]} onOpen={onOpen} onDelete={onDelete} now={now} />);
    fireEvent.click(screen.getByText('Welcome'));
    expect(onOpen).toHaveBeenCalledWith(item);
    fireEvent.click(screen.getByRole('button', { name: 'Delete notification: Welcome' }));
    expect(onDelete).toHaveBeenCalledWith(item);
  });

  it('says which client and project a notification concerns, and opens it there', () => {
    const onOpen = vi.fn();
    const about = { ...n(3, 'Report ready', '2026-03-10T11:00:00Z'), ClientId: 1, ClientName: 'Acme Beverages', ProjectId: 4, ProjectName: 'Acme Cola' };
    renderPlain(<NotificationList notifications={[about]} onOpen={onOpen} onDelete={() => {}} now={now} />);
    expect(screen.getByTestId('notification-about').textContent).toBe('Acme Beverages · Acme Cola');
    fireEvent.click(screen.getByRole('button', { name: /Report ready Open Acme Cola/ }));
    expect(onOpen).toHaveBeenCalledWith(about);
    expect(opensTo(about)).toBe('/client/1/project/4');
    expect(opensTo({ ...n(5, 'Collection', '2026-03-10T11:00:00Z'), Link: '/admin/collection' })).toBe('/admin/collection');
    expect(opensTo(n(6, 'Welcome', '2026-03-10T11:00:00Z'))).toBeNull();
  });

  it('opens what a notification names before its project: a report its download, a reaction list the list, a tutorial the tutorial', () => {
    const about = { ClientId: 1, ClientName: 'Acme Beverages', ProjectId: 4, ProjectName: 'Acme Cola' };
    const report = { ...n(7, 'Report "Weekly" is ready', '2026-03-10T11:00:00Z'), ...about, Link: '/report/3/0b6f4c1e-2f4a-4b8e-9a43-5d1f7d0c2a11' };
    expect(opensTo(report)).toBe('/report/3/0b6f4c1e-2f4a-4b8e-9a43-5d1f7d0c2a11');
    expect(opensLabel(report)).toBe('Download the report');
    const list = {
      ...n(8, 'Reaction list "Recall" matched 1,204 new posts.', '2026-03-10T11:00:00Z'),
      ...about,
      Link: '/client/1/project/4/reaction-list/wordbin/9',
    };
    expect(opensTo(list)).toBe('/client/1/project/4/reaction-list/wordbin/9');
    expect(opensLabel(list)).toBe('Open the list in Acme Cola');
    expect(opensLabel({ ...n(9, 'New tutorial', '2026-03-10T11:00:00Z'), Link: '/mentor/tutorial/12' })).toBe('Open the tutorial');
    expect(opensLabel({ ...n(10, 'Report ready', '2026-03-10T11:00:00Z'), ...about })).toBe('Open Acme Cola');
    expect(opensLabel(n(11, 'Welcome', '2026-03-10T11:00:00Z'))).toBeNull();
  });
});
