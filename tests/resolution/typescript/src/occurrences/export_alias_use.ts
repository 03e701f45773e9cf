import { count, null as none } from "./export_aliases";
//       ^ import: src/occurrences/export_aliases.ts::tally
//                      ^ import: src/occurrences/export_aliases.ts::$none

export const total = count() + none;
//                   ^ defined: src/occurrences/export_aliases.ts::tally
//                             ^ value: src/occurrences/export_aliases.ts::$none
