// Reading the public sets of tweets about brands that the sentiment bench reports on
// (apps/server/scripts/sentiment-data.ts, docs/sentiment.md "Tweets about brands").
import { describe, expect, it } from 'vitest';
import { BRAND_SETS, brandExamples } from '../../scripts/sentiment-data.ts';

describe('the brand sets', () => {
  it('takes the label and text by their header names, leaves out other labels and undoes the HTML escapes', () => {
    const sanders = BRAND_SETS.find((s) => s.file === 'sanders-full-corpus.csv')!;
    const csv = [
      '"Topic","Sentiment","TweetId","TweetDate","TweetText"',
      '"apple","negative","1","Tue Oct 18 2011","@Apple on hold for 45 mins &amp; still waiting"',
      '"google","irrelevant","2","Tue Oct 18 2011","Bom dia #google"',
      '"twitter","neutral","3","Tue Oct 18 2011","Trending now:',
      'a &lt;new&gt; list"',
      '"microsoft","positive","4","Tue Oct 18 2011","Thanks, ""Microsoft"""',
    ].join('\n');
    expect(brandExamples(sanders, csv)).toEqual([
      { text: '@Apple on hold for 45 mins & still waiting', label: 'negative', source: 'sanders-full-corpus.csv' },
      { text: 'Trending now:\na <new> list', label: 'neutral', source: 'sanders-full-corpus.csv' },
      { text: 'Thanks, "Microsoft"', label: 'positive', source: 'sanders-full-corpus.csv' },
    ]);
  });

  it('names the file and the column when a header does not hold them', () => {
    const airline = BRAND_SETS.find((s) => s.file === 'airline-tweets.csv')!;
    expect(() => brandExamples(airline, 'tweet_id,sentiment,text\n1,negative,late again')).toThrow(
      'airline-tweets.csv: no airline_sentiment or text column in its header',
    );
  });
});
