// a TypeScript file's "./x.js" names x.ts, x.tsx, then x.d.ts before x.js (a .d.ts with no .js twin too)
import type { Shape } from "./shapes.js";
//            ^ import: src/twins/shapes.d.ts::Shape
export declare function draw(shape: Shape): void;
//                                  ^ defined: src/twins/shapes.d.ts::Shape
