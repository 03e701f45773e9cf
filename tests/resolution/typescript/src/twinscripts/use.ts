export const twinValue = twinMain() + twinImpl() + onlyOne();
//                       ^ ambiguous: src/twinscripts/script_one.ts::twinMain, src/twinscripts/script_two.ts::twinMain
//                                    ^ defined: src/twinscripts/script_one.ts::twinImpl
//                                                 ^ defined: src/twinscripts/script_one.ts::onlyOne

export function twinDeclaredUse(): void {
  twinDeclared();
  // ^ defined: src/twinscripts/script_one.ts::twinDeclared
}

export function twinConfigured(config: TwinConfig): number {
  //                                   ^ defined: src/twinscripts/script_one.ts:21
  return config.first + config.second;
  //            ^ value: src/twinscripts/script_one.ts::TwinConfig.first
  //                           ^ value: src/twinscripts/script_two.ts::TwinConfig.second
}
