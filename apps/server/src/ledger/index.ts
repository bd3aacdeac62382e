// The ledger: the only writer of bin_clips and of the rollups kept per bin beside it (bin_hourly,
// bin_hourly_sentiment, bin_hourly_places, bin_hourly_items, bin_daily_items; rollups.ts). Each
// statement here changes the rows and moves every rollup by exactly what changed, so the figures
// read from the rollups stay those of bin_clips, except before a client's retention cutoff, where
// the rows are gone and the rollups kept (retention.ts). Lint (eslint.config.js) forbids writing these
// tables anywhere else in the server; docs/ingestion.md describes the statements.
export { filePosts, itemsOfPost, withStoredCounts, type BinClipRow, type FileResult, type PreparedPost } from './file-posts.ts';
export { changeBinClips, reclassify, recordRejectedBy, type BinClipChange } from './change-clips.ts';
export { dropBinClipsBefore } from './retention.ts';
export {
  analyzeMonthTables,
  binClipsMonths,
  binClipsPartitioned,
  detachBinClipsMonthsBefore,
  makeBinClipsMonths,
  MONTH_TABLES,
  monthPartition,
  monthStart,
  type MonthTable,
} from './partitions.ts';
export { revalueClientPosts } from './revalue.ts';
export { ITEM_RAILS, RAIL_POSTS, rebuildRollups } from './rollups.ts';
