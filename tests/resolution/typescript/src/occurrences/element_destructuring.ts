// Occurrences (issue 19): destructuring an element (`const { id } = matches[i]`) reads the members of the
// array's element type; so does an element of a local that holds a member (`const marks = dict.marks`).
export interface RouteMark {
  markId: string;
  markRoute: string;
}

export interface MarkBook {
  readonly marks: Array<RouteMark>;
}

export function rollBack(book: MarkBook, matches: RouteMark[], i: number): string[] {
  const { markId, markRoute: route } = matches[i]!;
  //      ^ value: src/occurrences/element_destructuring.ts::RouteMark.markId
  //              ^ value: src/occurrences/element_destructuring.ts::RouteMark.markRoute
  const marks = book.marks;
  const last = marks[marks.length - 1]!;
  return [markId, route, last.markRoute];
  //                          ^ value: src/occurrences/element_destructuring.ts::RouteMark.markRoute
}
