// The SQL of the public site.
import type { Db } from '../../db/connection.ts';

/** Published blog posts, newest first. */
export function blogPosts(db: Db) {
  return db.selectFrom('blog_posts').selectAll().orderBy('published_at', 'desc').execute();
}

/** Contact form messages since `since` from the address, and from the sender IP. */
export async function recentMessages(db: Db, email: string, ip: string, since: Date): Promise<{ byEmail: number; byIp: number }> {
  const count = (column: 'email' | 'ip', value: string) =>
    db
      .selectFrom('contact_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(column, '=', value)
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  const [byEmail, byIp] = await Promise.all([count('email', email), count('ip', ip)]);
  return { byEmail, byIp };
}

export function insertMessage(
  db: Db,
  m: { full_name: string; company_name: string; email: string; contact_number: string; how: string; subject: string; message: string; ip: string },
) {
  return db.insertInto('contact_messages').values(m).returning('id').executeTakeFirstOrThrow();
}
