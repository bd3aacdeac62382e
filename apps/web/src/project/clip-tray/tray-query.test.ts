import { describe, expect, it } from 'vitest';
import { trayQuery } from './tray-query.ts';

const params = { projectId: 4, startDate: '2025-03-01T00:00:00', endDate: '2025-03-31T23:59:59', streamIds: '7,8' };

describe("the tray's listing query", () => {
  it("is the project's filter narrowed to one hour for a heatmap cell of a day row", () => {
    expect(trayQuery(params, { label: '', hourStart: '2025-03-04T14:00:00' })).toEqual({ ...params, hourStart: '2025-03-04T14:00:00' });
  });

  it("takes the cell's own range and hour for a week row", () => {
    expect(trayQuery(params, { label: '', startDate: '2025-03-03T00:00:00', endDate: '2025-03-09T23:59:59', hour: 0 })).toEqual({
      ...params,
      startDate: '2025-03-03T00:00:00',
      endDate: '2025-03-09T23:59:59',
      hour: 0,
    });
  });

  it('narrows to a favourability or a brand association for a donut slice or a sentiment card', () => {
    expect(trayQuery(params, { label: '', favourabilityId: 3 })).toEqual({ ...params, favourabilityId: 3 });
    expect(trayQuery(params, { label: '', brandAssociationId: 1 })).toEqual({ ...params, brandAssociationId: 1 });
  });

  it("narrows to a rating within owned posts for a sentiment card's percentage", () => {
    expect(trayQuery(params, { label: '', brandAssociationId: 1, favourabilityId: 3 })).toEqual({ ...params, brandAssociationId: 1, favourabilityId: 3 });
  });

  it('narrows to one stream, an author or a word, keeping the range', () => {
    expect(trayQuery(params, { label: '', streamIds: '8' })).toEqual({ ...params, streamIds: '8' });
    expect(trayQuery(params, { label: '', authorId: 12 })).toEqual({ ...params, authorId: 12 });
    expect(trayQuery(params, { label: '', word: '#acme' })).toEqual({ ...params, word: '#acme' });
  });

  it('narrows to the named posts for a top post, keeping the range', () => {
    expect(trayQuery(params, { label: '', binClipBaseIds: [41] })).toEqual({ ...params, binClipBaseIds: '41' });
  });
});
