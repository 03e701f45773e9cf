import { CachedStore } from "../lib/store.js";
import { format } from "~lib/format";

function Row({ value }) {
  return <li>{format(value)}</li>;
  //          ^ defined: src/lib/format.js::format
}

export function List({ items }) {
  const store = new CachedStore("list");
  const rows = items.map((item) => <Row value={store.get(item)} />);
  //                                ^ defined: src/app/view.jsx::Row
  //                                                 ^ defined: src/lib/store.js::Store.get
  const missing = <Unknown />;
  //               ^ unresolved: Unknown from -
  const plain = <div />;
  //             ^ none
  return <ul>{rows}{missing}{plain}</ul>;
}

// a lowercase tag is an intrinsic element, never the function of that name (both tags)
function label(text) {
  return text;
}

export function Field({ name }) {
  return <label>{label(name)}</label>;
  //      ^ none
  //                              ^ none
  //              ^ defined: src/app/view.jsx::label
}

export function Custom() {
  return <my-element><input /></my-element>;
  //      ^ none
  //                  ^ none
}

class Panel {
  title() {
    return "p";
  }

  render() {
    return <h1>{this.title()}</h1>;
    //               ^ defined: src/app/view.jsx::Panel.title
  }
}

export const panel = new Panel();
//                       ^ defined: src/app/view.jsx::Panel
