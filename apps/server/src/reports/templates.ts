// What each template puts in a document (the contract's REPORT_TEMPLATES name them). A report
// names one or more templates of its layout; its document holds the union of their sections in
// this order. Templates 4 and 7 are retired: never offered or accepted, so they have none.

export type Section = 'headline' | 'streams' | 'sentiment' | 'days' | 'responses' | 'topPosts' | 'topAuthors' | 'wordCloud' | 'bins' | 'listing';

export const SECTION_ORDER: readonly Section[] = [
  'headline',
  'streams',
  'sentiment',
  'days',
  'responses',
  'topPosts',
  'topAuthors',
  'wordCloud',
  'bins',
  'listing',
];

export const TEMPLATE_SECTIONS: Record<number, readonly Section[]> = {
  // Layout 1, summary PDF
  1: ['headline', 'streams', 'sentiment', 'topPosts'],
  2: ['headline', 'streams', 'days', 'bins'],
  // Layout 3, full PDF
  3: ['headline', 'streams', 'sentiment', 'days', 'responses', 'topPosts', 'topAuthors', 'wordCloud', 'bins'],
  5: ['headline', 'topPosts', 'topAuthors', 'wordCloud'],
  // Layout 2, spreadsheet
  6: ['headline', 'streams', 'sentiment', 'days', 'responses', 'topPosts', 'topAuthors', 'wordCloud', 'bins'],
  8: ['headline', 'streams', 'sentiment', 'days', 'responses', 'topPosts', 'topAuthors', 'wordCloud', 'bins', 'listing'],
};

/** The sections of a document made of these templates, in order. */
export function sectionsOf(templateIds: readonly number[]): Section[] {
  const wanted = new Set(templateIds.flatMap((id) => TEMPLATE_SECTIONS[id] ?? []));
  return SECTION_ORDER.filter((s) => wanted.has(s));
}
