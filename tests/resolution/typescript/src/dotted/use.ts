import { Outer } from "./outer";

export function useAll(): number {
  return Outer.Inner.dottedF() + DottedApp.Beta.beta() + DottedApp.Alpha.alpha() + DottedMod.Sub.sub();
  //                 ^ defined: src/dotted/outer.ts::Outer.Inner.dottedF
  //                                             ^ defined: src/dotted/script_b.ts::DottedApp.Beta.beta
  //                                                                     ^ defined: src/dotted/script_a.ts::DottedApp.Alpha.alpha
  //                                                                                             ^ defined: src/dotted/script_a.ts::DottedMod.Sub.sub
}

export function missing(): number {
  return DottedApp.Gamma.gamma();
  //                     ^ unresolved
}
