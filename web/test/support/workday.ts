import type { Locator, Page } from "playwright-core";

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

/** Chooses the timer's project, whether the bar offers a plain select (older builds) or the searchable picker. */
export async function chooseTimerProject(page: Page, name: string): Promise<void> {
  const timer = timerOf(page);
  const select = timer.locator("select").filter({ has: page.locator("option", { hasText: name.slice(0, 20) }) });
  if ((await select.count()) > 0) return void (await select.first().selectOption({ label: name }));
  await chooseProject(page, projectPicker(timer), name);
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
