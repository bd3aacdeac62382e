// The two kinds of sub-bin the screens manage, in the product's words.
import { BIN_TYPE, type GatedItem } from '@listening/contract';

export interface BinKind {
  binTypeId: number;
  /** The side menu's item and the screen's title. */
  title: string;
  /** One of them, lower case: 'sort bin', 'input bin'. */
  one: string;
  product: GatedItem;
  about: string;
}

export const SORT_BINS: BinKind = {
  binTypeId: BIN_TYPE.SortBin,
  title: 'Sort Bins',
  one: 'sort bin',
  product: 'SortBins',
  about:
    "Sub-folders that sort the project's posts by topic. A post that meets any of a bin's rules is filed in it as it is collected; each bin can be set as the dashboard.",
};

export const INPUT_BINS: BinKind = {
  binTypeId: BIN_TYPE.InputBin,
  title: 'Input Bins',
  one: 'input bin',
  product: 'InputBins',
  about: 'Folders you fill by hand with posts that no rule would find: add them one at a time or upload a CSV file. Rules are optional.',
};
