/** Identifies anything stored. */
export interface Entity {
  id: string;
  describe(): string;
}

export interface Priced extends Entity {
  price: number;
}

export enum Status {
  Open,
  Paid = "paid",
}

export type Money = { amount: number; currency: string };

export abstract class Base implements Entity {
  constructor(public readonly id: string) {}

  abstract describe(): string;

  protected log(message: string): void {
    console.log(message);
  }
}

export class Product extends Base implements Priced {
  static count = 0;
  #secret = 1;
  private tags: string[] = [];

  constructor(id: string, public price: number) {
    super(id);
    Product.count += 1;
  }

  get label(): string {
    return `${this.id}: ${this.price}`;
  }

  set label(value: string) {
    this.tags.push(value);
  }

  describe(): string {
    this.log("describe");
    return this.label;
  }
}
