// A module (it exports) that declares global names: every file sees them without an import.
export interface GlobalApp {
  start(): void;
}

declare global {
  interface Window {
    globalApp: GlobalApp;
  }
  function globalHelper(): number;
  var globalCounter: number;
}

export function localOnly(): number {
  return globalHelper();
  //     ^ defined: src/declglobal/globals.ts::globalHelper
}
