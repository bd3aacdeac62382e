import { describe, expect, it } from 'vitest';
import { shippedFile, sniffMentorFile, type ServedFile } from './files.ts';

/** The bytes of a served file from `start` to `end`, as they are sent. */
async function bytesOf(file: ServedFile, start: number, end: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of file.read(start, end)) parts.push(Buffer.from(part as Uint8Array));
  return Buffer.concat(parts);
}

describe('the tutorial files shipped with the product', () => {
  it('serves the user guide and the video from the repository, by their exact names', async () => {
    const guide = await shippedFile('listening-user-guide.pdf');
    expect(guide?.type).toBe('application/pdf');
    expect(sniffMentorFile(await bytesOf(guide!, 0, 63))).toBe('application/pdf');
    const video = await shippedFile('workflow-board-tour.webm');
    expect(sniffMentorFile(await bytesOf(video!, 0, 63))).toBe('video/webm');
    // Only the part asked for, up to its last byte.
    expect([...(await bytesOf(video!, 1, 3))]).toEqual([0x45, 0xdf, 0xa3]);
    expect((await bytesOf(video!, 0, video!.size - 1)).length).toBe(video!.size);
  });

  it('knows no other name, so no path reaches the disk', async () => {
    expect(await shippedFile('../../../package.json')).toBeNull();
    expect(await shippedFile('listening-user-guide.pdf/../x')).toBeNull();
    expect(await shippedFile('toString')).toBeNull();
  });
});
