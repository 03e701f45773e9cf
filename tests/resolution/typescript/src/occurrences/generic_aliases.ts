// Occurrences (issue 19): a generic type alias that passes its type arguments through (Omit, Pick,
// Required, an intersection of them) has the members of the arguments it is given.
export type RequiredKeys<T, K extends keyof T> = Omit<T, K> & Required<Pick<T, K>>;
export type Overwrite<T, U> = Omit<T, keyof U> & U;
// not a pass-through: its members are none of its argument's
export type Keys<T> = keyof T;

export interface Options {
  state?: number;
  debug: boolean;
}

export interface Extra {
  verbose: boolean;
}

export interface Table {
  options: RequiredKeys<Options, "state">;
  merged: Overwrite<Options, Extra>;
  keys: Keys<Options>;
}

export function read(table: Table): void {
  table.options.debug;
  //            ^ value: src/occurrences/generic_aliases.ts::Options.debug
  table.options.state;
  //            ^ value: src/occurrences/generic_aliases.ts::Options.state
  table.merged.verbose;
  //           ^ value: src/occurrences/generic_aliases.ts::Extra.verbose
  table.merged.debug;
  //           ^ value: src/occurrences/generic_aliases.ts::Options.debug
}

export function local(options: RequiredKeys<Options, "debug">): void {
  options.debug;
  //      ^ value: src/occurrences/generic_aliases.ts::Options.debug
}

// a mapped type over a type's keys (`{ [K in keyof T]?: T[K] }`, in a generic alias or written in place, inside a
// `Partial<…>` too) has that type's members, each declared there; one that renames its keys (`as`) does not
export type Loosened<T> = { [K in keyof T]?: T[K] };
export type Wrapped<T> = Partial<{ [K in keyof T]: T[K] extends () => void ? () => void : T[K] }>;
export type Renamed<T> = { [K in keyof T as `get${string & K}`]: () => T[K] };

export function mapped(
  loose: Loosened<Options>,
  flags: { [K in keyof Extra]: boolean },
  hook: Wrapped<Options>["debug"],
  //                      ^ value: src/occurrences/generic_aliases.ts::Options.debug
  renamed: Renamed<Options>,
): void {
  loose.debug;
  //    ^ value: src/occurrences/generic_aliases.ts::Options.debug
  flags.verbose;
  //    ^ value: src/occurrences/generic_aliases.ts::Extra.verbose
  renamed.debug;
  //      ^ ambiguous: src/occurrences/generic_aliases.ts::Options.debug, src/occurrences/intersections.ts::Field.debug
}
