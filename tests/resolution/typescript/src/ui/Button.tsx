import { Panel } from "../decorators";
import { format } from "../util/format";

export function Label(props: { text: string }) {
  const inner = <span>{props.text}</span>;
  //             ^ none
  return inner;
}

export function Button(props: { count: number }) {
  const panel = new Panel();
  const label = <Label text={format(props.count)} />;
  //             ^ defined: src/ui/Button.tsx::Label
  //                         ^ defined: src/util/format.ts::format
  const missing = <Missing />;
  //               ^ unresolved: Missing from -
  const click = () => panel.render();
  //                        ^ defined: src/decorators.ts::Panel.render
  return <div onClick={click}>{label}{missing}</div>;
}

// a lowercase tag is an intrinsic element, never the function of that name (both tags)
export function label(text: string): string {
  return text;
}

export function Field(props: { name: string }) {
  return <label>{label(props.name)}</label>;
  //      ^ none
  //                                    ^ none
  //              ^ defined: src/ui/Button.tsx::label
}
