import type { Locator, Page } from "playwright-core";
import { Stint, type Project } from "../../../sdk/js/src/index";
import { PASSWORD, uniqueEmail } from "./browser";

/** Monday 00:00 local time of the week holding `date` (the tests run in the browser's time zone). */
export function mondayOf(date: Date): Date {
  const monday = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  monday.setDate(monday.getDate() - ((monday.getDay() + 6) % 7));
  return monday;
}

/** `YYYY-MM-DD` of a local day. */
export function dayKey(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The timer bar. */
export function timerOf(page: Page): Locator {
  return page.getByRole("region", { name: "Timer" });
}

/** The project picker of a form (the timer bar's, or an entry's), a searchable combobox labelled "Project". */
export function projectPicker(scope: Page | Locator): Locator {
  return scope.getByRole("combobox", { name: "Project", exact: true });
}

/** Chooses a project by typing part of its name into a picker and taking the option, as a person would. */
export async function chooseProject(page: Page, picker: Locator, name: string): Promise<void> {
  await picker.fill(name.slice(0, 14));
  await page
    .getByRole("listbox")
    .getByRole("option", { name: new RegExp(`^${escapeRegExp(name)}`) })
    .first()
    .click();
}

/** Whether the element focused now is `locator`'s. */
export function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === (element.ownerDocument as unknown as { activeElement: unknown }).activeElement);
}

/** What `read` answers once `accept` takes it, waiting for the page to catch up; the last answer when it never does. */
export async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeout = 10_000): Promise<T> {
  const until = Date.now() + timeout;
  let value = await read();
  while (!accept(value) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

/**
 * Someone who signed up with an organization of their own, holding projects of these names:
 * one per test, so each person has their own request allowance and data.
 */
export async function someoneWithProjects(
  baseUrl: string,
  label: string,
  names: readonly string[],
): Promise<{ email: string; stint: Stint; projects: Project[] }> {
  const email = uniqueEmail(label);
  const session = await new Stint({ baseUrl }).auth.register({
    email,
    password: PASSWORD,
    name: `${label} person`,
    organizationName: `${label} works`,
  });
  const stint = new Stint({ baseUrl, accessToken: session.access_token });
  const projects: Project[] = [];
  for (const name of names) projects.push(await stint.projects.create({ name }));
  return { email, stint, projects };
}
