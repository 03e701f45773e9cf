import type { DateArg } from "./types.js";
//            ^ import: src/twins/types.d.ts::DateArg
export declare function format(date: DateArg): string;
//                                   ^ defined: src/twins/types.d.ts::DateArg
