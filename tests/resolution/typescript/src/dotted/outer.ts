// ``namespace Outer.Inner { … }`` is ``namespace Outer { export namespace Inner { … } }``
export namespace Outer.Inner {
  export function dottedF(): number {
    return 1;
  }
  export const dottedK = 2;
}

export namespace Outer.Other {
  export function other(): number {
    return Outer.Inner.dottedF();
    //                 ^ defined: src/dotted/outer.ts::Outer.Inner.dottedF
  }
}

export function useDotted(): number {
  return Outer.Inner.dottedF() + Outer.Inner.dottedK + Outer.Other.other();
  //                 ^ defined: src/dotted/outer.ts::Outer.Inner.dottedF
  //                                         ^ value: src/dotted/outer.ts::Outer.Inner.dottedK
  //                                                               ^ defined: src/dotted/outer.ts::Outer#2.Other.other
}
