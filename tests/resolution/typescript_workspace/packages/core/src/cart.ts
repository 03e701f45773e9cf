export class Cart {
  checkout(): number {
    return 1;
  }

  render(): string {
    return "cart";
  }
}
