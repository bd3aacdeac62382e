// Chart tooltips and formatters return HTML, and what they show (words, post text, author names,
// phrases) comes from posts and users. Every such string goes through here: `html` escapes each
// value it interpolates, so a post containing `<img onerror=…>` is shown as text. The linter
// refuses a chart formatter built from a plain template literal or string concatenation.

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' };

/** A string that is already safe HTML (markup written here, or escaped values). */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/** Escapes text for use inside HTML element content or a quoted attribute. */
export function escapeHtml(text: unknown): string {
  return String(text ?? '').replace(/[&<>"'`]/g, (c) => ESCAPES[c]);
}

/**
 * Tagged template for HTML: the literal parts are trusted markup, every interpolated value is
 * escaped unless it is SafeHtml (a nested `html` result). Answers a plain string, as chart
 * formatters expect.
 */
export function html(strings: TemplateStringsArray, ...values: unknown[]): string {
  return safeHtml(strings, ...values).value;
}

/** Like `html`, for a fragment that is nested inside another `html` template. */
export function safeHtml(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0];
  values.forEach((v, i) => {
    out += (v instanceof SafeHtml ? v.value : escapeHtml(v)) + strings[i + 1];
  });
  return new SafeHtml(out);
}
