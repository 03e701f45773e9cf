// Occurrences (issue 19): in the true branch of a conditional type that checks a type parameter itself
// (`T extends X ? T['a'] : …`), the parameter is an X: its indexed accesses name X's members. A mapped type's key
// (`[K in T]`) is a member of the type it ranges over.
export interface CondAdapter {
  condTypes: CondTypes;
}

export interface CondTypes {
  condInput: string;
}

export interface CondParser {
  condParse: (input: unknown) => string;
}

export type CondInput<TValidator> = TValidator extends CondAdapter
  ? TValidator["condTypes"]["condInput"]
  //            ^ value: src/occurrences/conditionals.ts::CondAdapter.condTypes
  //                         ^ value: src/occurrences/conditionals.ts::CondTypes.condInput
  : TValidator extends CondParser
    ? TValidator["condParse"]
    //            ^ value: src/occurrences/conditionals.ts::CondParser.condParse
    : unknown;

// the false branch says nothing: no members are named there
export type CondOther<TValidator> = TValidator extends CondAdapter ? never : TValidator["condTypes"];
//                                                                                        ^ none

export interface CondRoute {
  condId: string;
}

export type CondById<TRoutes extends CondRoute> = {
  [K in TRoutes as K["condId"]]: K;
  //                  ^ value: src/occurrences/conditionals.ts::CondRoute.condId
};

// a check against a type that names no members (`any`, `unknown`, an array) keeps the parameter's constraint
export type CondIdOf<TRoute extends CondRoute> = TRoute extends any ? TRoute["condId"] : never;
//                                                                             ^ value: src/occurrences/conditionals.ts::CondRoute.condId
