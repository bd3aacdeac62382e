// The project and clips the clip tray's component tests render with.
import type { Clip } from '@listening/contract';
import { testProject } from '../../test/project.ts';
import type { ProjectContextValue } from '../context.ts';

export const project = testProject({ Id: 2, Description: 'Acme Brand', StreamId: '7,8', BinId: 200 });
export const context: ProjectContextValue = {
  clientId: 1,
  project,
  filter: { datefrom: '2024-03-01', dateto: '2024-03-02', streams: [7, 8] },
  params: { projectId: 2, startDate: '2024-03-01T00:00:00', endDate: '2024-03-02T23:59:59', streamIds: '7,8' },
  setFilter: () => {},
  platform: null,
  ownedCodes: [],
};
export const clip = (id: number, author: string, body: string, extra: Partial<Clip> = {}): Clip => ({
  Id: id,
  ClipId: id + 1000,
  StreamId: 7,
  AuthorId: id,
  AuthorName: author,
  Body: body,
  DatePosted: '2024-03-01T08:30:00.000Z',
  Link: null,
  AVE: 10,
  ImpactScore: 50,
  FavourabilityId: 1,
  BrandAssociationId: 2,
  BinId: 200,
  ClassificationId: 0,
  ...extra,
});
