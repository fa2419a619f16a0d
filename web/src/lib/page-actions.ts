import { createContext, useContext, useState } from "react";

/**
 * How many actions (a press of a button or a link) the page has seen: a success message
 * belongs to the action before it, and goes with the next one, so it never speaks of an
 * older one ("Entry added." after a delete). `Page` counts; `Success` listens.
 */
export const PageActions = createContext(0);

/** Whether a message that says `text` still belongs to the page's last action. */
export function useStillCurrent(text: string): boolean {
  const actions = useContext(PageActions);
  const [said, setSaid] = useState({ text, at: actions });
  // A new message belongs to the action that is current when it appears.
  if (said.text !== text) {
    setSaid({ text, at: actions });
    return true;
  }
  return said.at === actions;
}
