// A global script (no import, no export): its names are declared in the one global scope, as are
// script_two.ts's. Both declare twinMain: a use of it, here or anywhere, is ambiguous between them.
function twinMain(): number {
  return 1;
}

function twinImpl(): number {
  return twinMain();
  //     ^ ambiguous: src/twinscripts/script_one.ts::twinMain, src/twinscripts/script_two.ts::twinMain
}

declare function twinDeclared(): void;

function onlyOne(): number {
  return twinImpl();
  //     ^ defined: src/twinscripts/script_one.ts::twinImpl
}

// an interface declared in two scripts is one global interface (TypeScript merges them): a use names its
// first declaration (by path), its members are each declaration's
interface TwinConfig {
  first: number;
}
