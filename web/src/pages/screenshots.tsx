import { Page } from "../components/page";

// Placeholder until the page is built; replaced in full by its author.
export default function ScreenshotsPage() {
  return <Page title="Screenshots">{null}</Page>;
}
