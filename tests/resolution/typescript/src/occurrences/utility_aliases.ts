// A type alias of an object type that a utility type keeping its members wraps (``Partial<{ … }>``,
// ``Required``, ``Readonly``) declares those members, as an alias of the object type itself does: a value of the
// alias reads them, a destructured key names them, an object literal's key sets them.
export type Options = Partial<{
  keyword: string;
  depth: number;
}>;

export type Frozen = Readonly<{
  size: number;
}>;

export function take({ keyword, depth }: Options): number {
  //                   ^ value: src/occurrences/utility_aliases.ts::Options.keyword
  //                            ^ value: src/occurrences/utility_aliases.ts::Options.depth
  return (depth ?? 0) + (keyword ?? "").length;
}

export function read(options: Options, frozen: Frozen): number {
  return (options.depth ?? 0) + frozen.size;
  //              ^ value: src/occurrences/utility_aliases.ts::Options.depth
  //                                   ^ value: src/occurrences/utility_aliases.ts::Frozen.size
}

export const given: Options = { keyword: "k" };
//                              ^ write: src/occurrences/utility_aliases.ts::Options.keyword
export const passed = take({ depth: 2 });
//                           ^ write: src/occurrences/utility_aliases.ts::Options.depth
