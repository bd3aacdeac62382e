// Owned accounts answering the posts addressed to them, in the demo corpus and the live simulator,
// so that a first start's response queue and response-time figures (docs/responses.md) have real
// numbers: most replies to and mentions of an owned account get an answer from it (a question more often), after a
// delay like a social team's (half within about half an hour, a long tail of hours, the odd one
// answered the next morning); the rest stay unanswered. An answer is the owned account's post whose
// parent is the post it answers, which is how a collected reply closes an item.
import type { Post } from './post.ts';
import type { SimProject } from './sim-content.ts';

/** Share of the replies to an owned account that it answers: questions, and everything else. */
export const ANSWER_SHARE = { question: 0.8, other: 0.55 };
/** The delay's median in minutes and its spread (log-normal). */
const MEDIAN_MINUTES = 30;
const SIGMA = 1.1;
/** Share answered only after a night (6 to 16 hours). */
const OVERNIGHT = 0.08;

const TEMPLATES = [
  '@{h} Hi {n}, sorry about this. Please DM us your order number and we will sort it out.',
  '@{h} Thanks for letting us know, {n}. Our team is looking into it now.',
  '@{h} Hi {n}, we have sent you a DM with the details.',
  '@{h} Thank you {n}, glad you enjoyed it!',
  '@{h} Hi {n}, this is fixed on our side now. Let us know if anything else comes up.',
  '@{h} Hello {n}, you can find the answer on our website, or reply here and we will help.',
];

type Owner = SimProject['owned'][number];

export interface Answerer {
  /**
   * The owned account's answer to a post addressed to it (a reply to it, or a mention of its @handle), or null:
   * not addressed, left unanswered, or answered only after `until` (then never: a corpus ends there).
   */
  answer(to: Post, until?: number): Post | null;
}

/** Answers of the projects' owned accounts, drawn with `rnd` (a sequence of their own, so the other posts stay as they were). */
export function createAnswerer(projects: SimProject[], rnd: () => number): Answerer {
  const owners = new Map<string, Owner>();
  for (const p of projects) for (const o of p.owned) if (o.handle) owners.set(`${o.streamId}:${o.handle.toLowerCase()}`, o);
  const answered = new Set<string>();
  const normal = () => Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd());
  return {
    answer(to, until = Infinity) {
      if (answered.has(`${to.streamId}:${to.externalId}`)) return null;
      // A reply to the account, or a post naming its @handle.
      const named = to.inReplyToHandle ? [to.inReplyToHandle] : [...to.body.matchAll(/@(\w+)/g)].map((m) => m[1]);
      const owner = named.map((h) => owners.get(`${to.streamId}:${h.replace(/^@/, '').toLowerCase()}`)).find((o) => o !== undefined);
      if (!owner || owner.externalId === to.author.externalId) return null;
      answered.add(`${to.streamId}:${to.externalId}`);
      const share = to.body.includes('?') ? ANSWER_SHARE.question : ANSWER_SHARE.other;
      const roll = rnd();
      const minutes = rnd() < OVERNIGHT ? 360 + rnd() * 600 : Math.min(24 * 60, MEDIAN_MINUTES * Math.exp(SIGMA * normal()));
      const template = TEMPLATES[Math.floor(rnd() * TEMPLATES.length)];
      const likes = Math.floor(rnd() * 6);
      const at = to.postedAt.getTime() + Math.max(1, Math.round(minutes * 60_000));
      if (roll >= share || at > until) return null;
      const handle = to.author.handle ?? to.author.name ?? 'there';
      return {
        streamId: to.streamId,
        externalId: `${to.externalId}-answer`,
        author: { externalId: owner.externalId, name: owner.name, handle: owner.handle, followers: owner.followers },
        body: template.replace('{h}', handle).replace('{n}', (to.author.name ?? 'there').split(' ')[0]),
        postedAt: new Date(at),
        link: null,
        inReplyToHandle: to.author.handle ?? null,
        parentExternalId: to.externalId,
        likes,
        comments: 0,
        shares: 0,
        views: 0,
        language: 'en',
      };
    },
  };
}
