export { add as plus } from "./util/math";
export * from "./util/math";
