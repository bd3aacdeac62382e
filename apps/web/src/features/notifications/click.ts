// What clicking a notification does, by its type (docs/spec/000_a68d9a07050fe88c.txt, Notification): 1 nothing further,
// 2 marks it seen, 4 fetches the mentor detail (the tutorial named by its link) and shows it.
// A notification about a project or with a path of the app also opens it, whatever its type.
import { NOTIFICATION_BEHAVIOUR, type Notification } from '@listening/contract';

/** The tutorial a type-4 notification is about, read from its link (/mentor/tutorial/{id}); null otherwise. */
export function mentorTutorialId(n: Notification): number | null {
  if (n.NotificationTypeId !== NOTIFICATION_BEHAVIOUR.FetchMentor || !n.Link) return null;
  const m = /^\/mentor\/tutorial\/(\d{1,10})$/.exec(n.Link);
  return m ? Number(m[1]) : null;
}

export interface ClickEffect {
  /** Mark it seen on the server (and locally now). */
  markSeen: boolean;
  /** Fetch and show this tutorial's detail instead of navigating. */
  mentorTutorialId: number | null;
}

export function clickEffect(n: Notification): ClickEffect {
  return {
    markSeen: n.NotificationTypeId === NOTIFICATION_BEHAVIOUR.MarkSeen && !n.DateSeen,
    mentorTutorialId: mentorTutorialId(n),
  };
}
