// Text for the PDF's built-in Helvetica, which encodes WinAnsi (Latin-1 and a few more): posts
// carry emoji and other scripts it cannot draw, which would print as garbage. They are dropped and
// the rest kept; the spreadsheet, which has no such limit, keeps the text whole.

/** The text with what Helvetica cannot draw removed, whitespace made single. */
export function pdfText(s: string | null | undefined): string {
  return (s ?? '')
    .normalize('NFKC')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/[^\x20-\x7E\xA0-\xFF\s]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** At most `max` characters, cut at a word with an ellipsis. */
export function cut(s: string, max: number): string {
  if (s.length <= max) return s;
  const head = s.slice(0, max - 3);
  const space = head.lastIndexOf(' ');
  return `${space > max * 0.6 ? head.slice(0, space) : head}...`;
}
