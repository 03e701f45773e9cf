// Occurrences (issue 19): a function given a declared function type (a variable's or a field's annotation)
// takes its untyped parameters' types from it, as a callback takes them from the callee's parameter.
export interface Row {
  getValue(id: string): number;
  parent?: Row;
}

export interface Options {
  to: string;
  replace: boolean;
}

// a function type alias
export type Aggregate = (id: string, rows: Row[], first: Row) => number;

// an interface with one call signature (and a member of its own)
export interface Filter {
  (row: Row, id: string): boolean;
  autoRemove?: boolean;
}

export type Navigate = (options: Options) => void;

export const total: Aggregate = (id, rows, first) => {
  first.getValue(id);
  //    ^ defined: src/occurrences/typed_functions.ts::Row.getValue
  return rows.length;
};

export const matches: Filter = (row, id) => row.parent !== undefined;
//                                               ^ value: src/occurrences/typed_functions.ts::Row.parent

export class Router {
  navigate: Navigate = ({ to, replace }) => {
    //                    ^ value: src/occurrences/typed_functions.ts::Options.to
    this.go(replace);
  };

  go(replace: boolean): void {}
}

// a caller's object argument takes the type the function's declared type gives its parameter
export function use(router: Router): void {
  router.navigate({ to: "/", replace: false });
  //                ^ write: src/occurrences/typed_functions.ts::Options.to
}

// a rest parameter is an array of the rest, not the parameter at its position
export interface Pair {
  length: number;
}

export type Reduce = (first: Pair, second: Pair) => number;

export const reduce: Reduce = (...pairs) => pairs.length;
//                                                ^ ambiguous: src/occurrences/typed_functions.ts::Pair.length

// an element of an array parameter typed by the function's declared type
export const smallest: Aggregate = (id, rows, first) => {
  rows.forEach((row) => row.getValue(id));
  //                        ^ defined: src/occurrences/typed_functions.ts::Row.getValue
  return rows.reduce((least, row) => Math.min(least, row.getValue(id)), 0);
  //                                                     ^ defined: src/occurrences/typed_functions.ts::Row.getValue
};
