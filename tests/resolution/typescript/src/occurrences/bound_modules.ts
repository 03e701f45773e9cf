// A whole module bound to a name (`import * as`, `export * as`): the name's token is an import of the
// module, as the string's is.
import * as sink from "./sink";
//          ^ defined: src/occurrences/sink.ts:1
export * as relays from "./sink";
//          ^ defined: src/occurrences/sink.ts:1
export * as "quoted name" from "./sink";
//          ^ defined: src/occurrences/sink.ts:1

export const limit = sink.LIMIT;
