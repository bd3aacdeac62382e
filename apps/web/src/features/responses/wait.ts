/** A wait in words: "15 minutes", "1 hour", "4 hours", "1 day", "90 minutes". */
export function waitLabel(m: number): string {
  if (m % 1440 === 0) return m === 1440 ? '1 day' : `${m / 1440} days`;
  if (m % 60 === 0) return m === 60 ? '1 hour' : `${m / 60} hours`;
  return m === 1 ? '1 minute' : `${m} minutes`;
}
