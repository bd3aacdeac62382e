import {
  addWordBinToGroup,
  countWordBinMatches,
  createWordBinGroup,
  deleteWordBin,
  deleteWordBinGroup,
  getGroupWordBins,
  getWordBin,
  getWordBinContacts,
  getWordBinGroups,
  getWordBinLogs,
  getWordBins,
  saveWordBin,
  updateWordBin,
} from '@listening/contract';
import type { Route } from '../../http/route.ts';
import type { Deps } from '../../types.ts';
import { countMatches } from './match-count.ts';
import * as wb from './service.ts';

/** Word bins (Reaction Lists and Crisis Lists), their groups, logs and the contacts they alert. */
export function wordBinRoutes(route: Route, { db }: Deps): void {
  route(getWordBins, ({ user, query }) => wb.listWordBins(db, user, query));
  route(getWordBin, ({ user, query }) => wb.getWordBin(db, user, query.id));
  route(getWordBinLogs, ({ user, query }) => wb.getLogs(db, user, query.id));
  route(saveWordBin, ({ user, body }) => wb.saveWordBin(db, user, body));
  route(updateWordBin, ({ user, body }) => wb.updateWordBin(db, user, body));
  route(deleteWordBin, ({ user, query }) => wb.deleteWordBin(db, user, query.id));
  route(getWordBinGroups, ({ user, query }) => wb.listGroups(db, user, query.clientId));
  route(getGroupWordBins, ({ user, params }) => wb.groupWordBins(db, user, params.id));
  route(createWordBinGroup, ({ user, params }) => wb.createGroup(db, user, params.clientId, params.name));
  route(deleteWordBinGroup, ({ user, query }) => wb.deleteGroup(db, user, query.id));
  route(addWordBinToGroup, ({ user, params }) => wb.addToGroup(db, user, params.wordBinId, params.groupId));
  route(countWordBinMatches, ({ user, body }) => countMatches(db, user, body));
  route(getWordBinContacts, ({ user, query }) => wb.listContacts(db, user, query.clientId));
}
