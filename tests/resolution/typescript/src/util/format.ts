export function format(value: number): string {
  return value.toFixed(2);
  //           ^ unresolved: number.toFixed
}

export function pad(text: string): string {
  return text;
}

export default function describe(value: number): string {
  return format(value);
  //     ^ defined: src/util/format.ts::format
}
