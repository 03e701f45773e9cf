import { add } from "@core/math";
import { shared } from "src/shared/index"; // no baseUrl here: a bare specifier names a package
import { Vector } from "@core/util/math";

export const total = add(1, 2);
//                   ^ defined: src/other/alt/math.ts::add
export const text = shared();
//                  ^ unresolved: src/shared/index.shared from src
export const vector = new Vector();
//                        ^ unresolved: @core/util/math.Vector from -
