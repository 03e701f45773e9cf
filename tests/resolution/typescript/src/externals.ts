import React, { useState } from "react";
import * as path from "node:path";
import { readFileSync as read } from "fs";
import { helper } from "@acme/tools/sub";
import lodash from "lodash";
import type { Request } from "express";
import { nothing } from "./util/format";
import { gone } from "./util/missing";
import legacy = require("legacy-lib");

export function useIt(request: Request): void {
  //                           ^ unresolved: express.Request from express
  const [count] = useState(0);
  //              ^ unresolved: react.useState from react
  React.createElement("div");
  //    ^ unresolved: react.createElement from react
  path.join("a", "b");
  //   ^ unresolved: node:path.join from node:path
  read("x");
  // ^ unresolved: fs.readFileSync from fs
  helper();
  // ^ unresolved: @acme/tools/sub.helper from @acme/tools
  lodash.chunk([count], 1);
  //     ^ unresolved: lodash.chunk from lodash
  legacy.run();
  //     ^ unresolved: legacy-lib.run from legacy-lib
  nothing();
  // ^ unresolved: ./util/format.nothing from -
  gone();
  // ^ unresolved: ./util/missing.gone from -
  console.log(request);
  //      ^ unresolved: console.log from -
  request.get("host");
  //      ^ unresolved: express.Request.get from express
  const element = React.createElement("p");
  element.props.toString();
  //            ^ unresolved: element.props.toString from -
}

export async function lazy(): Promise<void> {
  const mod = await import("./util/strings");
  mod.pad("a");
  //  ^ defined: src/util/strings.ts::pad
  const { format } = await import("./util/format");
  format(2);
  // ^ defined: src/util/format.ts::format
}
