import { clash, onlyA, renamed, ghost } from "./index";

export function run(): number {
  ghost();
  // ^ unresolved: ./nowhere.ghost from -
  return clash() + onlyA() + renamed();
  //     ^ ambiguous: src/stars/a.ts::clash, src/stars/b.ts::clash
  //               ^ defined: src/stars/a.ts::onlyA
  //                         ^ defined: src/stars/a.ts::onlyA
}
