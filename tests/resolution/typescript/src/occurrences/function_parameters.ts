// Occurrences (issue 19): a parameter of a function type written in place (``make: () => Meta``) returns, when
// called, a value of the type written as its result: the members of what the call gives are that type's.
export interface Meta {
  x: number;
  y(): number;
}

export interface Other {
  x: number;
}

export function build(make: () => Meta, rows: (n: number) => Meta[], maybe: Meta | (() => Meta)): number {
  if (typeof maybe !== "function") {
    maybe.x;
    //    ^ value: src/occurrences/function_parameters.ts::Meta.x
  }
  const made = make();
  const first = rows(1)[0];
  for (const row of rows(2)) {
    row.y();
    //  ^ defined: src/occurrences/function_parameters.ts::Meta.y
  }
  made.y();
  //   ^ defined: src/occurrences/function_parameters.ts::Meta.y
  first.x;
  //    ^ value: src/occurrences/function_parameters.ts::Meta.x
  return make().x;
  //            ^ value: src/occurrences/function_parameters.ts::Meta.x
}

// a name that shadows the parameter is no call of it
export function shadowed(make: () => Meta): number {
  const inner = (make: () => Other) => make().x;
  //                                          ^ value: src/occurrences/function_parameters.ts::Other.x
  return inner(() => ({ x: 1 })) + make().x;
  //                                      ^ value: src/occurrences/function_parameters.ts::Meta.x
}

// a callback passed to a call of a local declared with a function type (a parameter typed in place, with a
// function type alias, or the key of a destructured parameter whose object type declares it so) gets that type's
// parameters, and the object it returns has that type's result type
export interface Run {
  runState: string;
  runCount: number;
}
export type ChangeRun = (id: string, change: (run: Run) => Run) => void;

export function changeRuns(
  inPlace: (id: string, change: (run: Run) => Run) => void,
  aliased: ChangeRun,
  { keyed }: { keyed: (id: string, change: (run: Run) => Run) => void },
): void {
  inPlace("a", (old) => ({ ...old, runCount: old.runCount + 1 }));
  //                               ^ write: src/occurrences/function_parameters.ts::Run.runCount
  //                                              ^ value: src/occurrences/function_parameters.ts::Run.runCount
  aliased("b", (old) => ({ ...old, runState: "done" }));
  //                               ^ write: src/occurrences/function_parameters.ts::Run.runState
  keyed("c", (old) => ({ ...old, runState: old.runState }));
  //                             ^ write: src/occurrences/function_parameters.ts::Run.runState
  //                                           ^ value: src/occurrences/function_parameters.ts::Run.runState
}
