// The two kinds of word bin the screens show: Reaction Lists (type 1) and Crisis Lists (type 2).
import { WORD_BIN_TYPE } from '@listening/contract';

export interface WordBinKind {
  typeId: number;
  title: string;
  one: string;
  about: string;
  empty: string;
  add: string;
  /** The screen (in the contract's catalogue) of one list's detail, and of all the kind's lists. */
  detail: 'reaction-list' | 'crisis-list';
  lists: 'reaction-lists' | 'crisis-lists';
}

export const REACTION: WordBinKind = {
  typeId: WORD_BIN_TYPE.Reaction,
  title: 'Word Lists',
  one: 'reaction list',
  about: 'Standing keyword queries: new posts that match reach the recipients on the list’s interval.',
  empty: 'No word bins created.',
  add: 'Add Reaction List',
  detail: 'reaction-list',
  lists: 'reaction-lists',
};

export const CRISIS: WordBinKind = {
  typeId: WORD_BIN_TYPE.Crisis,
  title: 'Crisis Monitoring Word Bins',
  one: 'crisis list',
  about: 'Crisis lists alert like reaction lists, and at once when their matches rise far above the usual rate.',
  empty: 'No crisis bins created.',
  add: 'Add Crisis List',
  detail: 'crisis-list',
  lists: 'crisis-lists',
};

export const kindOf = (typeId: number) => (typeId === WORD_BIN_TYPE.Crisis ? CRISIS : REACTION);
