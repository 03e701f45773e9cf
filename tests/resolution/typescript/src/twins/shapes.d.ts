export interface Shape {
  sides: number;
}
