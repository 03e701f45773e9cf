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

// a member of an element read in place: ``xs[i].a``, through `!` and `?.`, of a parameter, a member, a record's
// value; a call of an element's method
export interface Cell {
  text: string;
  render(): string;
}

export class Sheet {
  cells: Cell[] = [];
  byName: Record<string, Cell> = {};
  named(name: string): string {
    return this.byName[name]!.text;
    //                        ^ value: src/occurrences/elements.ts::Cell.text
  }
}

export function read(segments: Segment[], sheet: Sheet, index: number): string {
  const a = segments[index].value;
  //                        ^ value: src/occurrences/elements.ts::Segment.value
  const b = segments[0]?.value;
  //                     ^ value: src/occurrences/elements.ts::Segment.value
  const c = sheet.cells[index]!.text;
  //                            ^ value: src/occurrences/elements.ts::Cell.text
  const d = sheet.cells[0].render();
  //                       ^ defined: src/occurrences/elements.ts::Cell.render
  // a string key names a member, not an element
  const e = sheet["cells"].length;
  return a + b + c + d + e;
}

// the same text in two functions whose parameters of one name hold other types: each its own
export interface Left {
  side: string;
}
export interface Right {
  side: string;
}
export function left(items: Left[]): string {
  const { side } = items[0];
  //      ^ value: src/occurrences/elements.ts::Left.side
  return items[0].side + side;
  //              ^ value: src/occurrences/elements.ts::Left.side
}
export function right(items: Right[]): string {
  const { side } = items[0];
  //      ^ value: src/occurrences/elements.ts::Right.side
  return items[0].side + side;
  //              ^ value: src/occurrences/elements.ts::Right.side
}

// a member of what an array's element-returning method gives, in place (``xs.shift()!.a``, ``this.cells.find(…)?.a``),
// of an array a destructured local holds too
export class Queue {
  waiting: Cell[] = [];
  drain(): string {
    const { waiting } = this;
    const first = waiting.shift()!.render();
    //                             ^ defined: src/occurrences/elements.ts::Cell.render
    return first + this.waiting.find((cell) => cell.text !== "")?.text;
    //                                                             ^ value: src/occurrences/elements.ts::Cell.text
  }
}

// an object literal given a declared intersection type: its keys set the members of the parts
export const blank: Readonly<Cell> & { extra: boolean } = { text: "", render: () => "", extra: true };
//                                                          ^ write: src/occurrences/elements.ts::Cell.text
