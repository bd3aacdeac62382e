import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { ListingExportQuery } from './model.ts';

/** The media type of an .xlsx workbook. */
export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The listing as a workbook, streamed: 'Listing Report - {project}.xlsx' (listingFileName). */
export const exportListing = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/clip/listing/export',
  summary: "The listing as 'Listing Report - {project}.xlsx' (streamed)",
  tags: ['clips'],
  access: 'user',
  query: ListingExportQuery,
  response: z.any().describe('xlsx file'),
  produces: XLSX_MEDIA_TYPE,
});
