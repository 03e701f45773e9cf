import { RootModel, RootModel as Model } from "..";
//       ^ import: index.ts::RootModel
//                               ^ import: index.ts::RootModel
export { RootModel as Reexported } from "..";
//                    ^ import: index.ts::RootModel

export function rows(model: Model): number {
  //                        ^ defined: index.ts::RootModel
  return model.rows;
  //           ^ value: index.ts::RootModel.rows
}
