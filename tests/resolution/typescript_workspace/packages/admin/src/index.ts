export function main(): string {
  return "admin";
}

export class Report {
  render(): string {
    return "report";
  }
}

export function show(view: unknown): string {
  const shown = main();
  //            ^ defined: packages/admin/src/index.ts::main
  return (view as any).render() + shown;
  //                   ^ ambiguous: packages/admin/src/index.ts::Report.render
}
