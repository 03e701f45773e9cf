export function Component(name: string) {
  return (target: unknown) => target;
}

export function Log(target: unknown, key: string): void {}

@Component("panel")
// ^ defined: src/decorators.ts::Component
export class Panel {
  @Log
  // ^ defined: src/decorators.ts::Log
  render(): string {
    return "";
  }
}
