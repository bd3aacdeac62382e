import { notifications } from '@mantine/notifications';

/**
 * A toast that complains about something (a warning or an error) may carry a key: the same key
 * shows one toast at a time (a repeated complaint replaces the last), and it is taken away as soon
 * as the thing is fixed (`hide`) or succeeds (a success toast that `replaces` it), so a complaint
 * never stands beside the news that it no longer holds.
 */
export interface ToastOptions {
  /** The problem toasts this success answers: hidden as it shows. */
  replaces?: string | readonly string[];
}

const hideAll = (ids: string | readonly string[] | undefined) => {
  for (const id of typeof ids === 'string' ? [ids] : (ids ?? [])) notifications.hide(id);
};

/** Shows a keyed toast in place of any toast of the same key. */
function show(id: string | undefined, props: Parameters<typeof notifications.show>[0]) {
  if (id) notifications.hide(id);
  return notifications.show({ ...props, id });
}

// The three kinds of message the specification names: success, warning and error toasts.
export const toast = {
  success: (message: string, title?: string, options: ToastOptions = {}) => {
    hideAll(options.replaces);
    return notifications.show({ color: 'teal', title, message, autoClose: 5000 });
  },
  warning: (message: string, title?: string, id?: string) => show(id, { color: 'yellow', title, message, autoClose: 5000 }),
  error: (message: string, title?: string, id?: string) => show(id, { color: 'red', title, message, autoClose: 6000 }),
  /** Takes a toast away, e.g. an error once the user has corrected what it was about. */
  hide: (id: string) => notifications.hide(id),
};
