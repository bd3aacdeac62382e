import { describe, expect, it } from 'vitest';
import { INPUT_BIN_CSV_TEMPLATE, csvProblemsMessage, csvRecords, networkOf, readInputBinCsv } from './input-bin-csv.ts';

describe('the CSV file of posts for an input bin', () => {
  it('reads quoted fields, doubled quotes, line breaks inside quotes and both line endings', () => {
    expect(csvRecords('a,"b, c","say ""hi"""\r\n"multi\nline",,x\n')).toEqual([
      ['a', 'b, c', 'say "hi"'],
      ['multi\nline', '', 'x'],
    ]);
  });

  it('accepts its own template', () => {
    const r = readInputBinCsv(INPUT_BIN_CSV_TEMPLATE);
    expect(r.problems).toEqual([]);
    expect(r.rows).toEqual([
      {
        row: 2,
        post: expect.objectContaining({
          streamId: 7,
          author: '@thandi_m',
          datePosted: '2024-05-01 14:30',
          text: 'Loving the new flavour, well done!',
          likes: 12,
          views: undefined,
          followers: 850,
        }),
      },
    ]);
  });

  it('names networks by the product’s names, common names or stream ids', () => {
    expect([networkOf('Facebook'), networkOf(' twitter '), networkOf('13'), networkOf('blog'), networkOf('6'), networkOf('MySpace')]).toEqual([
      8,
      7,
      13,
      13,
      null,
      null,
    ]);
  });

  it('numbers rows as a spreadsheet does, blank rows included, and reports every row with a problem', () => {
    const r = readInputBinCsv('Network,Author,Date,Text\nX,a,2024-01-01,ok\n\nX,,2024-01-01,no author\nX,b,yesterday,bad date');
    expect(r.problems).toEqual([
      { row: 4, message: 'Please enter the author' },
      { row: 5, message: "The date must be a date from 2000 on, like 2024-05-01 14:30, got 'yesterday'" },
    ]);
    expect(csvProblemsMessage(r.problems)).toBe(
      "Nothing was added: 2 rows have problems. Row 4: Please enter the author. Row 5: The date must be a date from 2000 on, like 2024-05-01 14:30, got 'yesterday'.",
    );
  });

  it('refuses a file with a missing, unknown or repeated column, or no posts', () => {
    expect(readInputBinCsv('Network,Author,Txt\nX,a,b').problems.map((p) => p.message)).toEqual([
      "The header row's column 'txt' is not one of Network, Author, Date, Text, Link, Likes, Comments, Shares, Views, Followers",
      'The header row has no Date column',
      'The header row has no Text column',
    ]);
    expect(readInputBinCsv('Network,Author,Date,Text,text\n').problems[0].message).toBe('The header row names Text twice');
    expect(readInputBinCsv('Network,Author,Date,Text\n\n').problems[0].message).toBe('The file has a header row but no posts');
    expect(readInputBinCsv('  \n').problems[0].message).toBe('The file is empty: it needs a header row and at least one post');
  });

  it('refuses more than 1,000 posts in one file', () => {
    const rows = Array.from({ length: 1001 }, (_, i) => `X,a,2024-01-01,post ${i}`).join('\n');
    expect(readInputBinCsv(`Network,Author,Date,Text\n${rows}`).problems).toEqual([
      { row: null, message: 'The file has more than 1,000 posts: split it into smaller files' },
    ]);
  });
});
