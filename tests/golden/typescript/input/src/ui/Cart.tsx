import { makeCatalog } from "../service";
import { render } from "../util";

interface Props {
  title: string;
}

export function Row({ title }: Props) {
  return <li>{title}</li>;
}

export default function Cart(props: Props) {
  const catalog = makeCatalog();
  return (
    <ul>
      <Row title={props.title} />
      <li>{render(catalog.total())}</li>
    </ul>
  );
}
