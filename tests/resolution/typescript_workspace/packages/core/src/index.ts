export { Cart } from "./cart";

export function main(): string {
  return "core";
}
