import { Page } from "../components/page";

// Placeholder until the page is built; replaced in full by its author.
export default function WebhookDetailPage() {
  return <Page title="WebhookDetail">{null}</Page>;
}
