import { Page } from "../components/page";

// Placeholder until the page is built; replaced in full by its author.
export default function ImportsPage() {
  return <Page title="Imports">{null}</Page>;
}
