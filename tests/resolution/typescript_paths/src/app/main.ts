import { add, Vector } from "@core/util/math";
import { plus } from "@core/index";
import { shared } from "@shared";
import { old } from "@fallback/legacy";
import { add as viaBase } from "src/core/util/math";
import { missing } from "@core/util/nothing";
import { ghost } from "@core/util/math";
import { external } from "@scope/outside";

export function run(): number {
  const v = new Vector();
  //            ^ defined: src/core/util/math.ts::Vector
  v.length();
  //^ defined: src/core/util/math.ts::Vector.length
  shared();
  // ^ defined: src/shared/index.ts::shared
  old();
  //^ defined: lib/legacy.ts::old
  missing();
  // ^ unresolved: @core/util/nothing.missing from -
  ghost();
  // ^ unresolved: @core/util/math.ghost from -
  external();
  // ^ unresolved: @scope/outside.external from @scope/outside
  return add(1, 2) + plus(3, 4) + viaBase(5, 6);
  //     ^ defined: src/core/util/math.ts::add
  //                 ^ defined: src/core/util/math.ts::add
  //                              ^ defined: src/core/util/math.ts::add
}
