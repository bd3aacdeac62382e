// The demo's tutorials (docs/mentor.md): real help for the product's own screens, each with steps,
// the user guide (a PDF) and a short video shipped in apps/server/assets/mentor/ (made by
// apps/server/scripts/make-mentor-assets.ts). The analyst has started one tutorial, and every demo
// user has a type-4 notification (open the mentor detail) about another and a type-1 one (nothing further).
import { readFileSync } from 'node:fs';
import { NOTIFICATION_BEHAVIOUR } from '@listening/contract';
import type { Db } from '../db/connection.ts';

export const MENTOR_GUIDE_FILE = 'listening-user-guide.pdf';
export const MENTOR_VIDEO_FILE = 'workflow-board-tour.webm';
const ASSETS = new URL('../../assets/mentor/', import.meta.url);

interface DemoTutorial {
  title: string;
  platform: string;
  description: string;
  pageLocation: string | null;
  steps: [string, string][];
  video?: boolean;
}

export const DEMO_TUTORIALS: DemoTutorial[] = [
  {
    title: 'Your project dashboard',
    platform: 'Listening web app',
    description: 'What the first screen of a project shows, and how to narrow it to the posts you care about.',
    pageLocation: '/client/*/project/*',
    steps: [
      ['The header', "The project's name, the Filter menu and the side menu sit at the top of every project screen. The side menu opens the analysis tools."],
      ['Choose a range', 'Open the Filter menu, pick a preset such as Last 30 days or your own dates, and choose the streams to include. Every chart follows.'],
      ['Read the cards', 'Each card shows a figure for the range and how it changed against the range before it, so a rise or a drop stands out.'],
      ['Open the posts', 'Click a bar, a slice or a heatmap cell to open the posts behind it in the clip tray, where you can rate or reject them.'],
    ],
  },
  {
    title: 'Reaction lists',
    platform: 'Listening web app',
    description: 'Be told when posts about a subject appear: keywords, recipients, intervals and the delivery log.',
    pageLocation: '/client/*/project/*/reaction-lists',
    steps: [
      ['Add a list', 'Choose Add, name the list and give the keywords it watches for. A post matches when it holds any of them.'],
      ['Choose the recipients', "Pick who is told from the client's contacts, and how often: immediately, or gathered every few minutes up to once a day."],
      ['Read the log', 'Open a list to see every delivery it made and the posts each one carried.'],
    ],
  },
  {
    title: 'Workflow board',
    platform: 'Listening web app',
    description: "Work through a reaction list's posts as tickets on a board with your team.",
    pageLocation: '/client/*/project/*/reaction-list/wordbin/*/workflow',
    video: true,
    steps: [
      ['Tickets arrive in the default column', "Each post the list matches becomes a ticket in the board's default column, New at first."],
      ['Make the columns yours', 'Add columns such as To answer, Answered and Escalated, rename them, and choose which one new tickets arrive in.'],
      ['Move tickets', 'Drag a ticket to another column, or focus it, press Space, move it with the arrow keys and press Space again.'],
    ],
  },
  {
    title: 'Linking social accounts',
    platform: 'Facebook',
    description: "Link a project's own pages so their followers and private figures are included.",
    pageLocation: null,
    steps: [
      ['Choose the network', "Open the project's access tokens and choose the network of the page you manage."],
      ['Grant access', "Sign in on the network's own page and grant access. For Instagram, the business account must be linked to a Facebook page you manage."],
      ['Check the link', 'The linked account appears with its follower count. Revoke it from the same screen at any time.'],
    ],
  },
];

export async function seedMentor(db: Db, users: Record<string, number>): Promise<void> {
  for (const [fileName, mediaType] of [
    [MENTOR_GUIDE_FILE, 'application/pdf'],
    [MENTOR_VIDEO_FILE, 'video/webm'],
  ] as const) {
    const bytes = new Uint8Array(readFileSync(new URL(fileName, ASSETS)));
    await db.insertInto('mentor_files').values({ file_name: fileName, media_type: mediaType, size: bytes.length, bytes }).execute();
  }
  const platforms = new Map((await db.selectFrom('mentor_platforms').select(['id', 'name']).execute()).map((p) => [p.name, p.id]));
  const ids: Record<string, number> = {};
  for (const [position, t] of DEMO_TUTORIALS.entries()) {
    const { id } = await db
      .insertInto('tutorials')
      .values({ platform_id: platforms.get(t.platform)!, title: t.title, description: t.description, page_location: t.pageLocation, position })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[t.title] = id;
    await db
      .insertInto('tutorial_steps')
      .values(t.steps.map(([title, body], i) => ({ tutorial_id: id, step_number: i + 1, title, body })))
      .execute();
    await db
      .insertInto('tutorial_attachments')
      .values([
        { tutorial_id: id, kind: 'document', title: 'Listening user guide (PDF)', file_name: MENTOR_GUIDE_FILE, position: 0 },
        ...(t.video ? [{ tutorial_id: id, kind: 'video', title: 'A tour of the workflow board', file_name: MENTOR_VIDEO_FILE, position: 1 }] : []),
      ])
      .execute();
  }
  await db.insertInto('tutorial_contacts').values({ tutorial_id: ids['Your project dashboard'], user_id: users.analyst, step_number: 2 }).execute();

  const now = Date.now();
  for (const userId of Object.values(users))
    await db
      .insertInto('notifications')
      .values([
        {
          user_id: userId,
          description: 'New tutorial: Workflow board. Learn to work through matched posts with your team.',
          notification_type_id: NOTIFICATION_BEHAVIOUR.FetchMentor,
          link: `/mentor/tutorial/${ids['Workflow board']}`,
          created_at: new Date(now - 2 * 86_400_000),
        },
        {
          user_id: userId,
          description: 'Scheduled maintenance on Sunday from 02:00 to 03:00 (SAST): dashboards may pause briefly.',
          notification_type_id: NOTIFICATION_BEHAVIOUR.NothingFurther,
          created_at: new Date(now - 4 * 86_400_000),
        },
      ])
      .execute();
}
