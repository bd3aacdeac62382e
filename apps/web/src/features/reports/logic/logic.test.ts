// The report dialog's pure rules: list paging, dates in the client's time zone, schedule picks, options and sections.
import dayjs from 'dayjs';
import { REPORT_TEMPLATES } from '@listening/contract';
import { describe, expect, it } from 'vitest';
import { dayRange, defaultWindow, inputToWire, quickRange, schedulePicks, wallNow } from './dates.ts';
import { binChoices, bodyOf, draftChanged, draftProblem, newDraft, reportStreams, templatesFor, toggleReportStream, withLayout } from './options.ts';
import { listView } from './paging.ts';
import { back, go, initialState } from './sections.ts';

const rows = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('lists of 10 with load more, step back and an end marker', () => {
  it('shows the first 10 rows and offers more when there are 25', () => {
    const v = listView(rows(25), 1);
    expect(v.rows).toEqual(rows(10));
    expect(v).toMatchObject({ canLoadMore: true, canStepBack: false, atEnd: false, total: 25 });
  });
  it('adds 10 rows a step, offers a step back beyond the first, and marks the end', () => {
    expect(listView(rows(25), 2).rows).toHaveLength(20);
    expect(listView(rows(25), 2)).toMatchObject({ canLoadMore: true, canStepBack: true, atEnd: false });
    expect(listView(rows(25), 3)).toMatchObject({ canLoadMore: false, canStepBack: true, atEnd: true });
    expect(listView(rows(25), 3).rows).toHaveLength(25);
  });
  it('clamps the steps to what the rows fill, so a shrinking list never shows an empty step', () => {
    expect(listView(rows(12), 5).steps).toBe(2);
    expect(listView(rows(12), 0).steps).toBe(1);
  });
  it('marks the end at once for a short list and not at all for an empty one', () => {
    expect(listView(rows(10), 1)).toMatchObject({ atEnd: true, canLoadMore: false });
    expect(listView([], 1)).toMatchObject({ atEnd: false, canLoadMore: false, rows: [] });
  });
});

describe('dates in the client time zone', () => {
  it('reads the wall clock of the client zone, not the browser', () => {
    const at = new Date('2026-11-26T22:30:00Z');
    expect(wallNow('Africa/Johannesburg', at).format('YYYY-MM-DD HH:mm')).toBe('2026-11-27 00:30');
    expect(wallNow('UTC', at).format('YYYY-MM-DD HH:mm')).toBe('2026-11-26 22:30');
  });
  it('generates yesterday start to today end by default', () => {
    expect(defaultWindow(dayjs('2026-11-26T10:15:00'))).toEqual({ start: '2026-11-25T00:00:00', end: '2026-11-26T23:59:59' });
  });
  it('offers 7, 14 and 30 days ending today', () => {
    const now = dayjs('2026-11-26T10:15:00');
    expect(quickRange(now, 7)).toEqual({ start: '2026-11-20T00:00:00', end: '2026-11-26T23:59:59' });
    expect(quickRange(now, 14).start).toBe('2026-11-13T00:00:00');
    expect(quickRange(now, 30).start).toBe('2026-10-28T00:00:00');
  });
  it('takes whole days from the range picker', () => {
    expect(dayRange('2026-11-01', '2026-11-30')).toEqual({ start: '2026-11-01T00:00:00', end: '2026-11-30T23:59:59' });
  });
  it('turns a datetime-local value into the wire form and refuses what is not a date', () => {
    expect(inputToWire('2026-11-27T08:00')).toBe('2026-11-27T08:00:00');
    expect(inputToWire('')).toBeNull();
    expect(inputToWire('soon')).toBeNull();
  });
});

describe('schedule quick picks', () => {
  const picks = (at: string) => Object.fromEntries(schedulePicks(dayjs(at)).map((p) => [p.label, p.value]));
  it('offers Today, Tomorrow 08:00, Next Monday, Next Friday, the 1st and the last day of the month', () => {
    // Thursday 26 November 2026, 10:15.
    expect(picks('2026-11-26T10:15:00')).toEqual({
      Today: '2026-11-26T11:00:00',
      'Tomorrow 08:00': '2026-11-27T08:00:00',
      'Next Monday': '2026-11-30T08:00:00',
      'Next Friday': '2026-11-27T08:00:00',
      '1st of the month': '2026-12-01T08:00:00',
      'Last day of the month 08:00': '2026-11-30T08:00:00',
    });
  });
  it('never picks a time already gone', () => {
    // Monday 30 November 2026, 23:30: the next Monday is a week on, the last day is December's.
    const p = picks('2026-11-30T23:30:00');
    expect(p.Today).toBe('2026-11-30T23:31:00');
    expect(p['Next Monday']).toBe('2026-12-07T08:00:00');
    expect(p['Last day of the month 08:00']).toBe('2026-12-31T08:00:00');
    for (const value of Object.values(p)) expect(value > '2026-11-30T23:30:00').toBe(true);
  });
});

describe('report options', () => {
  it('offers the templates of the chosen layout, never 4 or 7', () => {
    expect(templatesFor(REPORT_TEMPLATES, 3).map((t) => t.Id)).toEqual([3, 5]);
    expect(templatesFor(REPORT_TEMPLATES, 2).map((t) => t.Id)).toEqual([6, 8]);
  });
  it('starts a new report on layout 3 with streams 7, 8 and 9', () => {
    expect(newDraft(REPORT_TEMPLATES)).toMatchObject({ LayoutId: 3, TemplateIds: [3, 5], StreamIds: [7, 8, 9] });
  });
  it('takes the new layout’s templates when the layout changes', () => {
    expect(withLayout(newDraft(REPORT_TEMPLATES), 1, REPORT_TEMPLATES).TemplateIds).toEqual([1, 2]);
  });
  it('does not offer LinkedIn for project type 5', () => {
    expect(reportStreams(5)).toEqual([7, 8, 9, 10]);
    expect(reportStreams(1)).toEqual([7, 8, 9, 10, 11]);
  });
  it('clears the others when YouTube is chosen and YouTube when another is', () => {
    expect(toggleReportStream([7, 8, 9], 10)).toEqual({ streams: [10], cleared: [7, 8, 9] });
    expect(toggleReportStream([10], 8)).toEqual({ streams: [8], cleared: [10] });
    expect(toggleReportStream([7, 8], 8)).toEqual({ streams: [7], cleared: [] });
  });
  it('refuses YouTube alongside other streams with the specification’s warning', () => {
    const draft = { ...newDraft(REPORT_TEMPLATES), Name: 'Weekly', StreamIds: [7, 10] };
    expect(draftProblem(draft)).toBe('Sorry Youtube cannot be selected alongside other streams');
    expect(draftProblem({ ...draft, StreamIds: [10] })).toBeNull();
    expect(draftProblem({ ...draft, StreamIds: [7], Name: '  ' })).toBe('Please enter a name for the report');
  });
  it('keeps at least one recipient on a scheduled report', () => {
    const draft = { ...newDraft(REPORT_TEMPLATES), Name: 'Weekly' };
    expect(draftProblem(draft)).toBeNull();
    expect(draftProblem(draft, true)).toBe('Please select at least 1 recipient');
    expect(draftProblem({ ...draft, RecipientIds: [3] }, true)).toBeNull();
  });
  it('counts a draft changed when a field differs, not when lists only change order or the name its spaces', () => {
    const from = { ...newDraft(REPORT_TEMPLATES), Name: 'Weekly' };
    expect(draftChanged(from, { ...from, Name: ' Weekly ', StreamIds: [9, 8, 7] })).toBe(false);
    expect(draftChanged(newDraft(REPORT_TEMPLATES), { ...newDraft(REPORT_TEMPLATES), Name: 'Board pack' })).toBe(true);
    expect(draftChanged(from, { ...from, RecipientIds: [3] })).toBe(true);
    expect(draftChanged(from, { ...from, LayoutId: 1 })).toBe(true);
  });
  it('sends the kind and project with the draft, and the Id only when editing', () => {
    const draft = { ...newDraft(REPORT_TEMPLATES), Name: ' Weekly ' };
    expect(bodyOf(draft, 4, 'trend')).toEqual({
      ProjectId: 4,
      Name: 'Weekly',
      Kind: 'trend',
      LayoutId: 3,
      TemplateIds: [3, 5],
      StreamIds: [7, 8, 9],
      BinIds: [],
      RecipientIds: [],
    });
    expect(bodyOf({ ...draft, Id: 9 }, 4, 'stats').Id).toBe(9);
  });
});

describe('moving among the dialog sections', () => {
  const report = { Id: 3, Name: 'Weekly' } as Parameters<typeof go>[1]['report'];
  it('opens on Saved Reports and retraces the steps with back', () => {
    let s = go(initialState, { section: 'options', report: null, schedule: null });
    s = go(s, { section: 'generate', report, schedule: null });
    s = go(s, { section: 'log', report: null, schedule: null });
    expect(s.place.section).toBe('log');
    s = back(s);
    expect(s.place).toMatchObject({ section: 'generate', report: { Id: 3 } });
    s = back(back(s));
    expect(s).toEqual(initialState);
    expect(back(s)).toEqual(initialState);
  });
  it('does not stack the same place twice (a footer button pressed again)', () => {
    const s = go(initialState, { section: 'log', report: null, schedule: null });
    expect(go(s, { section: 'log', report: null, schedule: null })).toBe(s);
  });
});

describe('the Bins picker', () => {
  it('puts each subfolder under its folder, whatever order the bins come in', () => {
    const bins = [
      { Id: 5, Name: 'Pricing', ParentId: 2 },
      { Id: 1, Name: 'Customer service', ParentId: 100 },
      { Id: 2, Name: 'Product mentions', ParentId: 100 },
      { Id: 6, Name: 'Specials', ParentId: 5 },
    ];
    expect(binChoices(bins).map((b) => b.label)).toEqual(['Customer service', 'Product mentions', '↳ Pricing', '  ↳ Specials']);
  });
});
