export const twinValue = twinMain() + twinImpl() + onlyOne();
//                       ^ ambiguous: src/twinscripts/script_one.ts::twinMain, src/twinscripts/script_two.ts::twinMain
//                                    ^ defined: src/twinscripts/script_one.ts::twinImpl
//                                                 ^ defined: src/twinscripts/script_one.ts::onlyOne

export function twinDeclaredUse(): void {
  twinDeclared();
  // ^ defined: src/twinscripts/script_one.ts::twinDeclared
}
