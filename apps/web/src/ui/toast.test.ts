import { notifications, notificationsStore } from '@mantine/notifications';
import { beforeEach, describe, expect, it } from 'vitest';
import { toast } from './toast.ts';

const shown = () => [...notificationsStore.getState().notifications, ...notificationsStore.getState().queue].map((n) => String(n.message));

describe('toasts', () => {
  beforeEach(() => notifications.clean());

  it('takes a keyed complaint away when the success it was about arrives', () => {
    toast.warning('Please select at least 1 recipient', undefined, 'alert-recipients');
    expect(shown()).toEqual(['Please select at least 1 recipient']);
    toast.success('Alert Scheduled', undefined, { replaces: 'alert-recipients' });
    expect(shown()).toEqual(['Alert Scheduled']);
  });

  it('shows one toast per key: a repeated complaint replaces the last', () => {
    toast.error('Could not login', undefined, 'act-as');
    toast.error('User not found', undefined, 'act-as');
    expect(shown()).toEqual(['User not found']);
    toast.hide('act-as');
    expect(shown()).toEqual([]);
  });
});
