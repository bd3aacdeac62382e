import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectLanguage } from './language.ts';
import { adapt, adaptedClass, encodePost, noAdaptation, scoreAdapted } from './sentiment-adapt.ts';
import { modelReads, scoreSentiment } from './sentiment.ts';
import { analyse } from './text.ts';

const fixture = readFileSync(new URL('./fixtures/labelled.jsonl', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .map((l) => (JSON.parse(l) as { text: string }).text);

const NEGATIVE = 0;
const POSITIVE = 2;

// A client whose customers praise with words the shipped model reads as blame ("sick", "wicked",
// "killer"): the kind of thing only its own analysts' ratings can teach.
const products = ['phone', 'router', 'bundle', 'sim', 'tablet', 'watch', 'laptop', 'speaker', 'modem', 'earbuds'];
const praise = ['is sick', 'is so sick', 'is wicked', 'is killer', 'is sick bro', 'is wicked fast', 'is sick af', 'is straight killer'];
const rated = products.flatMap((p, i) => praise.map((w, j) => `the new ${p} from acme ${w} ${i + j > 9 ? '!!' : ''}`.trim()));

describe("a client's own sentiment model", () => {
  it('learns what the shipped model gets wrong for this client from its ratings, and applies it to posts it never saw', () => {
    const unseen = 'just tried the acme drone and it is sick';
    expect(encodePost(unseen).baseClass).not.toBe(POSITIVE);
    const { adaptation, cv } = adapt(
      rated.map((t) => encodePost(t)),
      rated.map(() => POSITIVE),
    );
    expect(adaptation).not.toBeNull();
    expect(cv.adapted).toBeGreaterThan(cv.base);
    expect(adaptedClass(adaptation!, encodePost(unseen))).toBe(POSITIVE);
    // Blame stays blame: the adaptation learned about these words, not to call everything positive.
    expect(adaptedClass(adaptation!, encodePost('acme cut my line for the third day, worst service ever'))).toBe(NEGATIVE);
  });

  it('is not used when the ratings only say what the shipped model already says', () => {
    const posts = fixture.map((t) => encodePost(t));
    const { adaptation, cv } = adapt(
      posts,
      posts.map((e) => e.baseClass),
    );
    expect(cv.base).toBe(1);
    expect(adaptation).toBeNull();
  });

  it('learns nothing from fewer than ten ratings', () => {
    const { adaptation, cv } = adapt(
      rated.slice(0, 9).map((t) => encodePost(t)),
      rated.slice(0, 9).map(() => POSITIVE),
    );
    expect(adaptation).toBeNull();
    expect(cv.ratings).toBe(9);
  });

  it('scores like the shipped model when the adaptation is empty, in one pass over the features', () => {
    const empty = noAdaptation();
    for (const text of fixture) {
      const a = analyse(text);
      const language = detectLanguage(a.tokens, text);
      const shipped = scoreSentiment(a, text, language);
      const adapted = scoreAdapted(a, text, language, empty);
      expect(adapted.favourabilityId, text).toBe(shipped.favourabilityId);
      expect(adapted.classificationId, text).toBe(shipped.classificationId);
      // The lexicon's own score stays where it decides alone (posts the model does not read).
      if (modelReads(language)) expect(adapted.score, text).toBeCloseTo(shipped.score, 6);
    }
  });
});
