export { Circle, Square as Box } from "./shapes";
export * from "./shapes";
export * as shapes from "./shapes";
import { square } from "./shapes";

export const helper = (n: number) => square(n);
//                                   ^ defined: src/lib/shapes.ts::square
