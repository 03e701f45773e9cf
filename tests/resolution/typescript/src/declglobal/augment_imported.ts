// A module that imports a name and augments the global declaration of the same name (prosemirror-view's
// ``import {Node} from "prosemirror-model"`` with ``declare global { interface Node { pmViewDesc?: … } }``):
// in the file, the name is the import; the augmentation is the global scope's, which the import hides.
import {Node} from "prosemirror-model"

declare global {
  interface Node { augmented?: boolean }
}

export function size(node: Node): number {
  //                       ^ unresolved: prosemirror-model.Node from prosemirror-model
  return node.nodeSize
}
