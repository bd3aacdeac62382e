// Storylines planted in the demo corpus, so that a new user's Narrative Analysis finds something
// at once (docs/narratives.md): a delivery delay in one city growing over the last two weeks, a
// festive promotion a month or more ago, a price-rise rumour emerging in the last days, and one
// coordinated copy-paste burst (one text from many accounts within minutes). Each storyline is a
// few templates in the simulator's slots ({b} the brand, {p} a person, {l} a place, {t} a
// hashtag), so its posts are alike but not copies.
import type { Post } from './post.ts';
import type { Generator, SimProject } from './sim-content.ts';
import type { Tone } from './sim-vocab.ts';

export interface Storyline {
  /** Also part of its posts' external ids, so a test can tell them. */
  name: string;
  /** Words that identify it: a narrative found for it has them in its label. */
  phrases: string[];
  tone: Tone;
  templates: string[];
  /** Its share of day d's posts (d = 0 the newest day, counting back). */
  share(d: number): number;
}

export const STORYLINES: Storyline[] = [
  {
    name: 'delivery',
    phrases: ['durban', 'delivery', 'delayed', 'delay'],
    tone: 'neg',
    templates: [
      'My {b} delivery to Durban is delayed again, third day of waiting {t}',
      'Durban delivery delay from {b}: my order is stuck at the depot since Monday',
      '{b} delivery delayed in Durban again, the courier keeps saying tomorrow',
      'Anyone else in Durban with a delayed {b} delivery? Parcel missing for days',
      'Still no {b} delivery in Durban, this delay is a joke 😡',
    ],
    // Growing: from 1% two weeks ago to 6% of the newest day's posts.
    share: (d) => (d < 14 ? 0.06 - d * 0.0036 : 0),
  },
  {
    name: 'festive',
    phrases: ['festive', 'promotion', 'two for one'],
    tone: 'pos',
    templates: [
      'Loving the {b} festive promotion, two for one all week {t}',
      '{b} festive promotion: two for one on everything this weekend 🎉',
      'Grabbed the two for one deal in the {b} festive promotion, great value',
      'The festive promotion at {b} in {l} is brilliant, two for one specials',
    ],
    share: (d) => (d >= 20 && d < 45 ? 0.04 : 0),
  },
  {
    name: 'rumour',
    phrases: ['rumour', 'price rise', 'price', 'prices'],
    tone: 'neu',
    templates: [
      'Rumour has it {b} will put up prices next month, is the price rise real?',
      'Heard a rumour of a {b} price rise in July. Can anyone confirm?',
      'Is the {b} price rise rumour true? Prices going up again {t}',
      'Price rise rumour: {b} increasing prices by ten percent, says {p}',
    ],
    // Emerging: only the newest four days.
    share: (d) => (d < 4 ? 0.05 : 0),
  },
];

/** The coordinated burst: one text from many accounts within a few minutes, on one day. */
export const BURST = {
  name: 'burst',
  phrases: ['boycott', 'river', 'waste', 'dumped'],
  tone: 'neg' as Tone,
  text: 'Boycott {b}! They dumped waste in the river at Hartbeespoort. Share before it gets deleted #boycott',
  /** Day it happens (counting back from the newest), accounts and minutes. */
  day: 2,
  accounts: 40,
  minutes: 12,
};

/**
 * Day d's planted posts, at most `fresh` of them: each storyline's share of the day, and the burst
 * on its day (one project, one moment, then its accounts a few seconds apart).
 */
export function plantedPosts(gen: Generator, d: number, fresh: number, draw: () => { at: Date; project: SimProject }, rnd: () => number): Post[] {
  const out: Post[] = [];
  for (const s of STORYLINES) {
    const n = Math.round(fresh * s.share(d));
    for (let i = 0; i < n; i++) {
      const { at, project } = draw();
      out.push(gen.post(at, project, { name: s.name, tone: s.tone, template: s.templates[Math.floor(rnd() * s.templates.length)] }));
    }
  }
  if (d === BURST.day) {
    const { at, project } = draw();
    const step = (BURST.minutes * 60_000) / BURST.accounts;
    for (let i = 0; i < BURST.accounts; i++)
      out.push(
        gen.post(new Date(at.getTime() + Math.floor(i * step)), project, { name: BURST.name, tone: BURST.tone, template: BURST.text, author: 100 + i * 37 }),
      );
  }
  return out.slice(0, fresh);
}
