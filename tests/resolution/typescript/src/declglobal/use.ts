export function useGlobals(): number {
  window.globalApp.start();
  //     ^ value: src/declglobal/globals.ts::Window.globalApp
  //               ^ defined: src/declglobal/globals.ts::GlobalApp.start
  window.location.reload();
  //              ^ unresolved
  return globalHelper() + globalCounter;
  //     ^ defined: src/declglobal/globals.ts::globalHelper
  //                      ^ value: src/declglobal/globals.ts::globalCounter
}

export function notGlobal(): number {
  return localOnly();
  //     ^ unresolved
}
