export function format(text: string): string {
  return text;
}

export function pad(text: string, width = 2): string {
  return text.padStart(width);
  //          ^ unresolved: string.padStart
}
