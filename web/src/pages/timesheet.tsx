import { Page } from "../components/page";

// Placeholder until the page is built; replaced in full by its author.
export default function TimesheetPage() {
  return <Page title="Timesheet">{null}</Page>;
}
