// What a notification is about, so the bell can say so and open it: the project it concerns (its
// client follows from it), or a path in the app for the provider's own messages (Admin ›
// Collection). Both optional: a welcome message concerns nothing in particular.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('notifications')
    .addColumn('project_id', 'integer', (c) => c.references('projects.id').onDelete('set null'))
    .addColumn('link', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notifications').dropColumn('link').dropColumn('project_id').execute();
}
