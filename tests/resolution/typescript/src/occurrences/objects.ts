// Occurrences (issue 19): an object literal's key sets the member of the object's declared type; an
// object of no declared type names nothing there.
export interface Provider {
  now(): number;
  delegate: Provider | undefined;
  inner: Inner;
}

export interface Inner {
  depth: number;
}

export const provider: Provider = {
  now() {
  //^ write: src/occurrences/objects.ts::Provider.now
    return 1;
  },
  delegate: undefined,
  //^ write: src/occurrences/objects.ts::Provider.delegate
  //^ declares: property
  inner: { depth: 2 },
  //       ^ write: src/occurrences/objects.ts::Inner.depth
};

export class Maker {
  private made: Inner = { depth: 1 };
  //                      ^ write: src/occurrences/objects.ts::Inner.depth

  make(depth: number): Inner {
    return { depth };
    //       ^ write: src/occurrences/objects.ts::Inner.depth
  }
}

export const cast = { depth: 4 } as Inner;
//                    ^ write: src/occurrences/objects.ts::Inner.depth

const loose = { depth: 3, run(): void {} };
//              ^ none
//              ^ declares: property
//                        ^ declares: property

export function close(target: { closed: boolean }): boolean {
  //                            ^ declares: property
  return target.closed;
}

// a type alias of an object type declares a type with members, as an interface does
export type Annotation = {
  kind: string;
  make(target: object): boolean;
};

export function annotate(kind: string): Annotation {
  return { kind, make: () => true };
  //       ^ write: src/occurrences/objects.ts::Annotation.kind
  //             ^ write: src/occurrences/objects.ts::Annotation.make
}

export function apply(annotation: Annotation): boolean {
  return annotation.make(annotation);
  //                ^ defined: src/occurrences/objects.ts::Annotation.make
}

// an arrow function's declared return type gives the object it returns its type, as a function's does
export const annotateArrow = (kind: string): Annotation => ({ kind, make: () => false });
//                                                            ^ write: src/occurrences/objects.ts::Annotation.kind
//                                                                  ^ write: src/occurrences/objects.ts::Annotation.make

export const deepen = function (depth: number): Inner {
  return depth > 0 ? { depth } : { depth: 0 };
  //                   ^ write: src/occurrences/objects.ts::Inner.depth
  //                                 ^ write: src/occurrences/objects.ts::Inner.depth
};

// an async function's object is awaited into a promise: its type is not Promise's
export const later = async (): Promise<Inner> => ({ depth: 1 });
//                                                  ^ none
//                                                  ^ declares: property

// an assignment gives the object the type of what is assigned
export class Holder {
  inner: Inner = { depth: 0 };
  reset(): void {
    this.inner = { depth: 0 };
    //             ^ write: src/occurrences/objects.ts::Inner.depth
    let other: Inner;
    other = { depth: 5 };
    //        ^ write: src/occurrences/objects.ts::Inner.depth
    this.inner = other;
  }
}

// a key written as a string declares its member too, at the string
export const shortcuts = { "Mod-Enter": 1, plain: 2 };
//                         ^ declares: property

// an object literal that is an element of an array literal sets the member of the array's element type: the
// array's declared type, a function's declared return type, a key of a typed object; not an assignment's (its
// target may have no declared type)
export interface Sort {
  field: string;
  descending: boolean;
}

export const sorts: Sort[] = [{ field: "a", descending: true }];
//                              ^ write: src/occurrences/objects.ts::Sort.field

export function defaults(): Sort[] {
  return [{ field: "b", descending: false }];
  //                    ^ write: src/occurrences/objects.ts::Sort.descending
}

export interface Sorting {
  sorts: Sort[];
}

export const sorting: Sorting = { sorts: [{ field: "c", descending: true }] };
//                                                      ^ write: src/occurrences/objects.ts::Sort.descending

export class Sorter {
  current: Sort[] = [];

  reset(): void {
    this.current = [{ field: "d", descending: false }, { field: "e", descending: true }];
    //                                                   ^ none
  }
}

const unsorted = [{ field: "f" }];
//                  ^ none
