import { Page } from "../components/page";

// Placeholder until the page is built; replaced in full by its author.
export default function ProjectDetailPage() {
  return <Page title="ProjectDetail">{null}</Page>;
}
