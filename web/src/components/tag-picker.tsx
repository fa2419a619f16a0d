import type { Stint } from "@stint/sdk";
import { Fragment, useCallback, useId, useRef, useState, type KeyboardEvent } from "react";
import { useOnChange } from "../lib/changes";
import { collect } from "../lib/collect";
import { useLoad } from "../lib/use-load";
import "./tag-picker.css";

/** What the server takes: at most 20 tags an entry, each 1-50 characters (docs/api.md, "Tags"). */
const MAX_TAGS = 20;
const MAX_TAG_LENGTH = 50;

/**
 * The organization's tag names, offered as people type, and `wanted`, to call when the field
 * gets focus. They are asked for only then, and again on the next focus after entries changed
 * (which may add tags), never when a page loads: the timer bar is on every page, and every
 * request counts against the person's rate limit of 100 a minute (docs/web-app.md, "Few requests").
 */
function useTagNames(client: Stint): { names: string[]; wanted(): void } {
  const [round, setRound] = useState(0);
  const stale = useRef(true);
  const tags = useLoad(() => (round === 0 ? Promise.resolve([]) : collect(client.tags.list({ perPage: 200 }))), [client, round]);
  const changed = useCallback(() => {
    stale.current = true;
  }, []);
  useOnChange("time-entries", changed);
  const failed = tags.error !== undefined && tags.error !== null;
  const wanted = useCallback(() => {
    if (!stale.current && !failed) return;
    stale.current = false;
    setRound((value) => value + 1);
  }, [failed]);
  return { names: tags.data?.map((tag) => tag.name) ?? [], wanted };
}

/** `tags` with `typed` added, in the organization's spelling when it knows the tag, unless the entry has it already. */
export function withTag(tags: readonly string[], typed: string, known: readonly string[] = []): string[] {
  const name = typed.trim();
  if (!name) return [...tags];
  const same = (other: string) => other.toLowerCase() === name.toLowerCase();
  if (tags.some(same)) return [...tags];
  return [...tags, known.find(same) ?? name];
}

/**
 * An entry's tags as chips, each with a button that removes it, and a field that adds one:
 * an existing tag picked from the list the field offers, or a new one typed, added with
 * Enter or a comma (and when the field is left, so a tag typed and not yet added is kept).
 */
export function TagPicker({
  client,
  tags,
  onChange,
  className = "field",
  hiddenLabel = false,
}: {
  client: Stint;
  tags: readonly string[];
  onChange(tags: string[]): void;
  className?: string;
  hiddenLabel?: boolean;
}) {
  const id = useId();
  const { names: known, wanted } = useTagNames(client);
  const [typed, setTyped] = useState("");
  const add = () => {
    if (typed.trim()) onChange(withTag(tags, typed, known));
    setTyped("");
  };
  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if ((event.key === "Enter" || event.key === ",") && typed.trim()) {
      event.preventDefault();
      add();
    } else if (event.key === "Backspace" && typed === "" && tags.length > 0) {
      onChange(tags.slice(0, -1));
    }
  };
  const offered = known.filter((name) => !tags.some((tag) => tag.toLowerCase() === name.toLowerCase()));
  return (
    <div className={`${className} tag-picker`}>
      <label htmlFor={`${id}-input`} className={hiddenLabel ? "visually-hidden" : "field-label"}>
        Tags
      </label>
      <div className="tag-picker-box">
        {tags.length > 0 ? (
          <ul className="tag-chips" aria-label="Chosen tags">
            {tags.map((tag) => (
              <li key={tag} className="tag-chip">
                {tag}
                <button
                  type="button"
                  className="tag-chip-remove"
                  aria-label={`Remove tag ${tag}`}
                  onClick={() => onChange(tags.filter((other) => other !== tag))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <input
          id={`${id}-input`}
          list={`${id}-known`}
          value={typed}
          maxLength={MAX_TAG_LENGTH}
          disabled={tags.length >= MAX_TAGS}
          placeholder={tags.length ? "" : "Add a tag…"}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setTyped(event.target.value.replace(/,/g, ""))}
          onKeyDown={keyDown}
          onFocus={wanted}
          onBlur={add}
        />
        <datalist id={`${id}-known`}>
          {offered.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      </div>
      <small id={`${id}-hint`} className="visually-hidden">
        Enter or a comma adds the tag; Backspace in an empty field removes the last one.
      </small>
    </div>
  );
}

/** An entry's tags, read-only, as chips: phrasing content, so it fits in a line of text or a cell. */
export function TagChips({ tags }: { tags: readonly string[] | undefined }) {
  if (!tags?.length) return null;
  return (
    <span className="tag-chips">
      <span className="visually-hidden">Tags: </span>
      {tags.map((tag, index) => (
        <Fragment key={tag}>
          {index > 0 ? <span className="visually-hidden">, </span> : null}
          <span className="tag-chip">{tag}</span>
        </Fragment>
      ))}
    </span>
  );
}
