import { describe, expect, it } from 'vitest';
import type { WordBin } from '@listening/contract';
import { bodyOf, countableKeywords, draftOf, draftProblems, fieldOfMessage, formProblems, newDraft, type WordBinDraft } from './draft.ts';
import { matchCountText } from './components/MatchCount.tsx';

const draft = (over: Partial<WordBinDraft> = {}): WordBinDraft => ({
  ...newDraft(new Date(2026, 2, 1, 9, 0)),
  Description: 'Product recall',
  Keywords: [{ Value: 'recall', OperatorId: 1 }],
  ...over,
});

describe('the word-bin form', () => {
  it("shows and sends the list's dates on the client's clock, whatever the browser's zone", () => {
    // 22:06 UTC on 26 November is 00:06 on 27 November in Johannesburg.
    const at = new Date('2026-11-26T22:06:00Z');
    expect(newDraft(at, 'Africa/Johannesburg').StartDate).toBe('2026-11-27T00:06');
    const bin = { ...draft(), Keywords: [], Recipients: [], StartDate: at.toISOString(), StopDate: '2026-12-26T22:06:00.000Z' } as unknown as WordBin;
    const shown = draftOf(bin, 'Pacific/Auckland');
    expect([shown.StartDate, shown.StopDate]).toEqual(['2026-11-27T11:06', '2026-12-27T11:06']);
    const where = { projectId: 1, clientId: 1, typeId: 1 };
    expect(bodyOf(shown, where, 'Pacific/Auckland').StartDate).toBe('2026-11-26T22:06:00.000Z');
    expect(bodyOf({ ...shown, StartDate: '2026-11-27T00:06' }, where, 'Africa/Johannesburg').StartDate).toBe('2026-11-26T22:06:00.000Z');
  });

  it('names each problem under its own field, in the form’s words', () => {
    expect(draftProblems(draft())).toEqual({});
    expect(draftProblems(draft({ Description: '  ', Keywords: [], StopDate: '2026-02-01T09:00' }))).toEqual({
      Description: 'Please enter a name for the list',
      Keywords: 'Add at least one keyword',
      StopDate: 'The end date must be after the start date',
    });
    expect(draftProblems(draft({ Keywords: [{ Value: 'rivals', OperatorId: 3 }] })).Keywords).toBe(
      'Add at least one AND or OR keyword: NOT keywords only exclude posts',
    );
    expect(draftProblems(draft({ Keywords: [{ Value: '"black friday', OperatorId: 1 }] })).Keywords).toBe("Keyword '\"black friday' has an unclosed quote");
    expect(draftProblems(draft({ StartDate: '' })).StartDate).toBe('Choose a start date');
  });

  it('shows the draft’s problems only once Save was tried, and a refusal under the field it is about', () => {
    const empty = draft({ Description: '' });
    expect(formProblems(empty, false, null)).toEqual({ fields: {}, general: null });
    expect(formProblems(empty, true, null).fields).toEqual({ Description: 'Please enter a name for the list' });
    const foreign = 'Contact 12 is not an active contact of this client: choose recipients from the client’s contacts';
    expect(formProblems(draft(), true, foreign)).toEqual({ fields: { Recipients: foreign }, general: null });
    expect(formProblems(draft(), true, 'Group 3 is not a group of this client')).toEqual({ fields: {}, general: 'Group 3 is not a group of this client' });
    expect(fieldOfMessage("Keyword 'price (rise' has unbalanced parentheses")).toBe('Keywords');
  });

  it('counts matches only for keywords that make a query', () => {
    expect(countableKeywords(draft())).toBe(true);
    expect(countableKeywords(draft({ Keywords: [] }))).toBe(false);
    expect(countableKeywords(draft({ Keywords: [{ Value: 'rivals', OperatorId: 3 }] }))).toBe(false);
    expect(matchCountText({ Matches: 7012, Capped: false })).toBe('7,012 matches in the last 7 days');
    expect(matchCountText({ Matches: 1, Capped: false })).toBe('1 match in the last 7 days');
    expect(matchCountText({ Matches: 50000, Capped: true })).toBe('At least 50,000 matches in the last 7 days');
  });
});
