import { notifications } from '@mantine/notifications';

// The three kinds of message the specification names: success, warning and error toasts.
export const toast = {
  success: (message: string, title?: string) => notifications.show({ color: 'teal', title, message, autoClose: 5000 }),
  warning: (message: string, title?: string) => notifications.show({ color: 'yellow', title, message, autoClose: 5000 }),
  error: (message: string, title?: string, id?: string) => notifications.show({ id, color: 'red', title, message, autoClose: 6000 }),
  /** Takes a toast away, e.g. an error once the user has corrected what it was about. */
  hide: (id: string) => notifications.hide(id),
};
