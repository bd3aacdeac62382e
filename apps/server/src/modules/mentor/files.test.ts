import { describe, expect, it } from 'vitest';
import { shippedFile, sniffMentorFile } from './files.ts';

describe('the tutorial files shipped with the product', () => {
  it('serves the user guide and the video from the repository, by their exact names', async () => {
    const guide = await shippedFile('listening-user-guide.pdf');
    expect(guide?.type).toBe('application/pdf');
    expect(sniffMentorFile(guide!.bytes)).toBe('application/pdf');
    const video = await shippedFile('workflow-board-tour.webm');
    expect(sniffMentorFile(video!.bytes)).toBe('video/webm');
  });

  it('knows no other name, so no path reaches the disk', async () => {
    expect(await shippedFile('../../../package.json')).toBeNull();
    expect(await shippedFile('listening-user-guide.pdf/../x')).toBeNull();
    expect(await shippedFile('toString')).toBeNull();
  });
});
