import { tsExtension } from "./impl.ts";
//       ^ import: src/tsext/impl.d.ts:2
export declare const fromDeclaration: typeof tsExtension;
//                                           ^ value: src/tsext/impl.d.ts:2
