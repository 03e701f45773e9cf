namespace DottedApp.Beta {
  export function beta(): number {
    return DottedApp.Alpha.alpha() + DottedAmbient.Deep.Er.ambient();
    //                     ^ defined: src/dotted/script_a.ts::DottedApp.Alpha.alpha
    //                                                     ^ defined: src/dotted/script_a.ts::DottedAmbient.Deep.Er.ambient
  }
}
