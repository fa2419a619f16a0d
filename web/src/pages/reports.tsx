import { Page } from "../components/page";

// Placeholder until the page is built; replaced in full by its author.
export default function ReportsPage() {
  return <Page title="Reports">{null}</Page>;
}
