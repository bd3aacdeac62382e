// The Content-Disposition of a file download (the listing export, a report's file).

/**
 * An attachment's header for any file name: an ASCII fallback (every other character, quote and
 * backslash an underscore) and the exact name in UTF-8 (RFC 6266, RFC 8187). A header value may
 * hold no character above U+00FF: Node refuses it, which answered 500 for such a project name.
 */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/gu, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
