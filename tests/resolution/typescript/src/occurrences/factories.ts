// Occurrences (issue 19): a field of a function type gives what the type returns when it is called, whether
// the class body declares it (`make: () => T`) or a constructor parameter does (`private readonly factory:
// () => T`).
export class Gadget {
  gadgetName = "";
}

export class GadgetShop {
  make: () => Gadget = () => new Gadget();

  constructor(private readonly factory: () => Gadget) {}

  names(): string[] {
    return [this.make().gadgetName, this.factory().gadgetName];
    //                  ^ value: src/occurrences/factories.ts::Gadget.gadgetName
    //                                              ^ value: src/occurrences/factories.ts::Gadget.gadgetName
  }
}
