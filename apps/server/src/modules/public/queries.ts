// The SQL of the public site.
import type { Db } from '../../db/connection.ts';

/** Published blog posts, newest first. */
export function blogPosts(db: Db) {
  return db.selectFrom('blog_posts').selectAll().orderBy('published_at', 'desc').execute();
}
