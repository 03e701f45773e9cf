// Occurrences (issue 19): an element of an array a local holds, where the local holds what a call returns.
export interface Segment {
  value: string;
}

export function parse(path: string): Array<Segment> {
  return [];
}

export function first(path: string): string {
  const segments = parse(path);
  const segment = segments[0];
  return segment.value;
  //             ^ value: src/occurrences/elements.ts::Segment.value
}

// a type alias of an array type: its elements
export type Segments = Segment[];

export function values(segments: Segments): string[] {
  for (const each of segments) {
    each.value;
    //   ^ value: src/occurrences/elements.ts::Segment.value
  }
  return segments.map((segment) => segment.value);
  //                                       ^ value: src/occurrences/elements.ts::Segment.value
}
