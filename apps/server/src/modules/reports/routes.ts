import { Readable } from 'node:stream';
import {
  createReport,
  deleteReport,
  deleteReportRequest,
  deleteReportSchedule,
  downloadReport,
  downloadReportFile,
  generateReport,
  generateReportListing,
  getAllReportLog,
  getAllReports,
  getAllReportSchedules,
  getClientReportLog,
  getClientReports,
  getClientReportSchedules,
  getContactReportLog,
  getProjectReportLog,
  getReport,
  getReportOptions,
  regenerateReport,
  scheduleReport,
  sendReport,
  updateReportSchedule,
} from '@listening/contract';
import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../../http/content-disposition.ts';
import type { Route } from '../../http/route.ts';
import type { Deps } from '../../types.ts';
import { ReportRateLimited } from './limits.ts';
import * as reports from './service.ts';

/** A call refused by a rate limit says when to try again (Retry-After). */
async function limited<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof ReportRateLimited) reply.header('retry-after', String(err.retryAfterSeconds));
    throw err;
  }
}

/** Reports: saved reports, their generation, files, sending, request log and schedules (docs/reports.md). */
export function reportRoutes(route: Route, { db, mailer, config }: Deps): void {
  const mail = { mailer, publicUrl: config.publicUrl, smtp: !!config.smtpUrl };
  route(getReportOptions, async () => reports.options());
  route(getReport, ({ user, params }) => reports.getReport(db, user, params.id));
  route(getClientReports, ({ user, params, query }) => reports.listReports(db, user, { ...query, clientId: params.clientId }));
  route(getAllReports, ({ user, query }) => reports.listReports(db, user, query));
  route(createReport, ({ user, body }) => reports.saveReport(db, user, body));
  route(deleteReport, ({ user, params }) => reports.deleteReport(db, user, params.id));
  route(generateReport, ({ user, body, reply }) => limited(reply, () => reports.generate(db, user, body, false)));
  route(generateReportListing, ({ user, body, reply }) => limited(reply, () => reports.generate(db, user, body, true)));
  route(regenerateReport, ({ user, params, reply }) => limited(reply, () => reports.regenerate(db, user, params.guid)));
  route(downloadReport, ({ user, params }) => reports.download(db, user, params.guid));
  route(downloadReportFile, async ({ user, params, reply }) => {
    const file = await reports.downloadFile(db, user, params.guid);
    return reply
      .type(file.contentType)
      .header('Content-Disposition', contentDisposition(file.fileName))
      .header('Content-Length', String(file.size))
      .send(Readable.from(file.body));
  });
  route(sendReport, ({ user, params, reply }) => limited(reply, () => reports.send(db, user, params.guid, mail)));
  route(deleteReportRequest, ({ user, params }) => reports.deleteRequest(db, user, params.guid));
  route(getClientReportLog, ({ user, params, query }) => reports.log(db, user, { kind: 'client', id: params.id }, query));
  route(getProjectReportLog, ({ user, params, query }) => reports.log(db, user, { kind: 'project', id: params.id }, query));
  route(getContactReportLog, ({ user, params, query }) => reports.log(db, user, { kind: 'contact', id: params.id }, query));
  route(getAllReportLog, ({ user, query }) => reports.log(db, user, { kind: 'all' }, query));
  route(scheduleReport, ({ user, body }) => reports.schedule(db, user, body));
  route(updateReportSchedule, ({ user, body }) => reports.updateSchedule(db, user, body));
  route(deleteReportSchedule, ({ user, params }) => reports.deleteSchedule(db, user, params.id));
  route(getClientReportSchedules, ({ user, params, query }) => reports.listSchedules(db, user, { ...query, clientId: params.clientId }));
  route(getAllReportSchedules, ({ user, query }) => reports.listSchedules(db, user, query));
}
