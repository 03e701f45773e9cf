import { main as coreMain, Cart } from "@shop/core";
import { Cart as SameCart } from "@shop/core/src/cart";
import { main as adminMain } from "@shop/admin";

export function main(): string {
  return coreMain();
  //     ^ defined: packages/core/src/index.ts::main
}

export function buy(cart: Cart, any: any, other: SameCart): number {
  main();
  // ^ defined: packages/web/src/index.ts::main
  adminMain();
  // ^ defined: packages/admin/src/index.ts::main
  other.render();
  //    ^ defined: packages/core/src/cart.ts::Cart.render
  return cart.checkout() + any.checkout();
  //          ^ defined: packages/core/src/cart.ts::Cart.checkout
  //                           ^ ambiguous: packages/core/src/cart.ts::Cart.checkout
}

export class Page {
  render(): string {
    return "page";
  }
}
