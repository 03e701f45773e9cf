// Occurrences (issue 19): the names a global declaration file declares, used without an import.
export function report(message: string): void {
  if (__DEV__) {
    //^ value: src/occurrences/global.d.ts::__DEV__
    logGlobal(message);
    // ^ defined: src/occurrences/global.d.ts::logGlobal
  }
}
