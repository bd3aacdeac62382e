// Every figure computed from a project's clips is cached under this root, so that a change to
// clips (rating, rejecting) refreshes all of them at once: the donut, the cards, the heatmaps.
export const ANALYTICS_KEY = ['analytics'] as const;
