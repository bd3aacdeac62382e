// The XML parts of an .xlsx file, read straight from its zip: what a spreadsheet program reads,
// including what exceljs' own reader does not give back (a cell style's quotePrefix).
import { inflateRawSync } from 'node:zlib';

/** Every entry of a zip file by name, uncompressed, found through its central directory. */
export function zipEntries(zip: Buffer): Map<string, Buffer> {
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== 0x06054b50) end--;
  if (end < 0) throw new Error('not a zip file: no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const out = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory entry');
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(dataAt, dataAt + size);
    out.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + skip;
  }
  return out;
}

/** A sheet's cells: reference, style index and text (inline or shared strings resolved). */
export function sheetCells(zip: Buffer, sheet: string): { ref: string; style: number; text: string }[] {
  const entries = zipEntries(zip);
  const workbook = entries.get('xl/workbook.xml')!.toString('utf8');
  const rels = entries.get('xl/_rels/workbook.xml.rels')!.toString('utf8');
  const sheetTag = [...workbook.matchAll(/<sheet\b[^>]*>/g)].map((m) => m[0]).find((tag) => tag.includes(`name="${sheet}"`));
  if (!sheetTag) throw new Error(`no sheet ${sheet}`);
  const rid = sheetTag.match(/r:id="([^"]+)"/)![1];
  const target = [...rels.matchAll(/<Relationship\b[^>]*>/g)].map((m) => m[0]).find((tag) => tag.includes(`Id="${rid}"`))!;
  const path = `xl/${target.match(/Target="([^"]+)"/)![1].replace(/^\/?xl\//, '')}`;
  const xml = entries.get(path)!.toString('utf8');
  const shared = [...(entries.get('xl/sharedStrings.xml')?.toString('utf8') ?? '').matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => textOf(m[1]));
  return [...xml.matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)].map((m) => {
    const attrs = m[1];
    const inner = m[2] ?? '';
    const type = attrs.match(/\bt="([^"]+)"/)?.[1];
    const value = inner.match(/<v>([\s\S]*?)<\/v>/)?.[1] ?? '';
    return {
      ref: attrs.match(/\br="([^"]+)"/)![1],
      style: Number(attrs.match(/\bs="(\d+)"/)?.[1] ?? 0),
      text: type === 's' ? shared[Number(value)] : type === 'inlineStr' ? textOf(inner) : unescape(value),
    };
  });
}

/** The cell formats (cellXfs) of the workbook's styles, each as its attributes. */
export function cellFormats(zip: Buffer): Record<string, string>[] {
  const styles = zipEntries(zip).get('xl/styles.xml')?.toString('utf8') ?? '';
  const xfs = styles.match(/<cellXfs\b[^>]*>([\s\S]*?)<\/cellXfs>/)?.[1] ?? '';
  return [...xfs.matchAll(/<xf\b([^>]*?)\/?>/g)].map((m) => Object.fromEntries([...m[1].matchAll(/(\w+)="([^"]*)"/g)].map((a) => [a[1], a[2]])));
}

const unescape = (s: string) =>
  s.replace(/&(lt|gt|quot|apos|amp|#x?[0-9a-f]+);/gi, (_, e: string) =>
    e === 'lt'
      ? '<'
      : e === 'gt'
        ? '>'
        : e === 'quot'
          ? '"'
          : e === 'apos'
            ? "'"
            : e === 'amp'
              ? '&'
              : String.fromCodePoint(e[1].toLowerCase() === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10)),
  );
const textOf = (xml: string) => [...xml.matchAll(/<t\b[^>]*>([\s\S]*?)<\/t>/g)].map((m) => unescape(m[1])).join('');
