export function tsExtension() {
  return 1;
}
