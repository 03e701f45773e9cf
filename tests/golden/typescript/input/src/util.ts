import type { Money } from "./models";

export function format(money: Money, digits = 2): string {
  return money.amount.toFixed(digits) + " " + money.currency;
}

export { format as render };
export * from "./models";

function broken(: void {
  return 1;
}

export const after = 1;
