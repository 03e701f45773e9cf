function twinMain(): number {
  return 2;
}

// the bodiless declarations of a global name in two scripts are one declaration, with the body of another
declare function twinImpl(): number;
declare function twinDeclared(): void;

interface TwinConfig {
  second: number;
}

// two declarations of an interface in one file merge as well
interface TwinLocal {
  x: number;
}
interface TwinLocal {
  y: number;
}
const twinLocal: TwinLocal = { x: 1, y: 2 };
//               ^ defined: src/twinscripts/script_two.ts:14
