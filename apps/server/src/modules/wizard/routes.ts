import {
  getAccountOptions,
  getPriceList,
  getPriceListHeaders,
  getProjectCategories,
  getProjectTypes,
  PRICE_LIST,
  saveAgreementProject,
} from '@listening/contract';
import type { Route } from '../../http/route.ts';
import type { Deps } from '../../types.ts';
import * as wizard from './service.ts';

/** CRM host: the new-project wizard (administrators only, by each operation's access level). */
export function wizardRoutes(route: Route, { db, mailer }: Deps): void {
  route(getAccountOptions, ({ params }) => wizard.accountOptions(db, params.id));
  route(getProjectCategories, async () => ({ Categories: wizard.projectTypes(0) }));
  route(getProjectTypes, async ({ query }) => wizard.projectTypes(query.parentId));
  route(getPriceList, async () => wizard.priceList());
  route(getPriceListHeaders, async () => PRICE_LIST.map((h) => ({ Id: h.Id, Description: h.Description })));
  route(saveAgreementProject, ({ user, query, body }) => wizard.saveAgreementProject(db, mailer, user, query.ProductTypeId, body));
}
