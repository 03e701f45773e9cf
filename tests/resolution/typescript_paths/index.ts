// the scan root's own index module: '..' from a folder just below the root names it
export interface RootModel {
  rows: number;
}
