// A file without imports or exports is a script: its namespaces are global, and merge across files.
namespace DottedApp.Alpha {
  export function alpha(): number {
    return 1;
  }
}
declare namespace DottedAmbient.Deep.Er {
  function ambient(): number;
}
module DottedMod.Sub {
  export function sub(): number {
    return DottedApp.Alpha.alpha();
    //                     ^ defined: src/dotted/script_a.ts::DottedApp.Alpha.alpha
  }
}
