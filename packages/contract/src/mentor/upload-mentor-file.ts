import { defineOperation } from '../operation.ts';
import { MentorFile } from './model.ts';

/**
 * Admins: multipart/form-data with one part named `file`: a PDF of at most
 * MENTOR_DOCUMENT_MAX_BYTES or an MP4/WebM video of at most MENTOR_VIDEO_MAX_BYTES, the type read
 * from its first bytes. The server names the stored file. The body is read by the route.
 */
export const uploadMentorFile = defineOperation({
  host: 'mentor',
  method: 'POST',
  path: '/api/file/upload',
  summary: 'Upload a tutorial document (PDF, 10 MB) or video (MP4 or WebM, 25 MB) (admins, multipart)',
  tags: ['mentor'],
  access: 'admin',
  response: MentorFile,
  errors: [400],
});
