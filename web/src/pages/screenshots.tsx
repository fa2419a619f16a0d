import type { Screenshot } from "@stint/sdk";
import { useEffect, useMemo, useRef, useState } from "react";
import { Link, useSearchParams } from "wouter";
import { ConfirmButton } from "../components/confirm-button";
import { Page } from "../components/page";
import { Empty, ErrorNotice, Loading } from "../components/status";
import { collect } from "../lib/collect";
import { addDays, localDay } from "../lib/format";
import { useLoad } from "../lib/use-load";
import { useIsManager, useSignedIn, useStint } from "../session/session-context";
import { useObjectUrl, useSeen } from "./screenshots-image";
import { isDay } from "./reports-range";
import "./screenshots.css";

const timeOnly = new Intl.DateTimeFormat(undefined, { timeStyle: "short" });
const dayAndTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** `YYYY-MM-DD` of the browser's calendar, shifted by `days`. */
function shiftDay(day: string, days: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return localDay(addDays(new Date(year, month - 1, date), days));
}

/** "2026-11-24" as UTC midnight's calendar day, for the API's UTC-day filter. */
function utcShift(day: string, days: number): string {
  const moment = new Date(`${day}T00:00:00Z`);
  moment.setUTCDate(moment.getUTCDate() + days);
  return moment.toISOString().slice(0, 10);
}

/** Thumbnails shown at first, and added by each "Show more". */
const BATCH = 48;

export default function ScreenshotsPage() {
  const client = useStint();
  const { identity, user } = useSignedIn();
  const manager = useIsManager();
  const [params, setParams] = useSearchParams();
  const entryId = params.get("entry") ?? "";
  const requestedDay = params.get("date");
  const day = isDay(requestedDay) ? requestedDay : localDay(new Date());
  const personId = manager ? (params.get("user") ?? "") : "";
  const [openId, setOpenId] = useState("");
  const [shown, setShown] = useState(BATCH);

  const people = useLoad(async () => (manager ? collect(client.users.list({ perPage: 200 })) : []), [client, manager]);
  const names = useMemo(() => {
    const byId = new Map<string, string>([[identity.userId, user.name || user.email]]);
    for (const person of people.data ?? []) byId.set(person.id, person.name || person.email);
    return byId;
  }, [people.data, identity.userId, user]);

  const entry = useLoad(async (signal) => (entryId ? client.timeEntries.get(entryId, { signal }) : null), [client, entryId]);
  // The API filters by whole UTC days; the day asked for is the browser's, so a day either side is fetched and trimmed here.
  const shots = useLoad(async () => {
    if (entryId) return collect(client.screenshots.list({ timeEntryId: entryId, perPage: 200 }), 1000);
    const around = await collect(
      client.screenshots.list({
        startDate: utcShift(day, -1),
        endDate: utcShift(day, 1),
        perPage: 200,
        ...(personId ? { userId: personId } : {}),
      }),
      1000,
    );
    return around.filter((shot) => localDay(new Date(shot.taken_at)) === day);
  }, [client, entryId, day, personId]);

  const go = (next: Record<string, string>) => {
    setShown(BATCH);
    setParams(new URLSearchParams(Object.entries(next).filter(([, value]) => value !== "")));
  };
  const nameOf = (shot: Screenshot) => names.get(shot.user_id) ?? "a former member";
  const whenOf = (shot: Screenshot) => (entryId ? dayAndTime : timeOnly).format(new Date(shot.taken_at));
  const opened = shots.data?.find((shot) => shot.id === openId) ?? null;

  return (
    <Page title="Screenshots">
      {entryId ? (
        <div className="card stack">
          <p>
            Screenshots of one time entry
            {entry.data ? (
              <>
                : <strong>{entry.data.description || "(no description)"}</strong>, from {dayAndTime.format(new Date(entry.data.start_time))}
              </>
            ) : null}
            .
          </p>
          <ErrorNotice error={entry.error} />
          <p>
            <Link href={`/screenshots?date=${entry.data ? localDay(new Date(entry.data.start_time)) : day}`}>
              Show the whole day instead
            </Link>
          </p>
        </div>
      ) : (
        <form className="card row" aria-label="Which screenshots" onSubmit={(event) => event.preventDefault()}>
          <button type="button" className="button-secondary" onClick={() => go({ date: shiftDay(day, -1), user: personId })}>
            Previous day
          </button>
          <div className="field">
            <label className="field-label" htmlFor="screenshots-day">
              Day
            </label>
            <input
              id="screenshots-day"
              type="date"
              value={day}
              onChange={(event) => isDay(event.target.value) && go({ date: event.target.value, user: personId })}
            />
          </div>
          <button type="button" className="button-secondary" onClick={() => go({ date: shiftDay(day, 1), user: personId })}>
            Next day
          </button>
          {manager ? (
            <div className="field">
              <label className="field-label" htmlFor="screenshots-person">
                Person
              </label>
              <select
                id="screenshots-person"
                value={personId}
                onChange={(event) => go({ date: requestedDay ?? "", user: event.target.value })}
              >
                <option value="">Everyone</option>
                {people.data?.map((person) => (
                  <option key={person.id} value={person.id}>
                    {person.name || person.email}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
        </form>
      )}

      <ErrorNotice error={shots.error ?? people.error} onRetry={shots.reload} />
      {shots.data === undefined ? (
        shots.loading ? (
          <Loading what="screenshots" />
        ) : null
      ) : shots.data.length === 0 ? (
        <Empty>{entryId ? "No screenshots for this entry" : "No screenshots for this day"}</Empty>
      ) : (
        <>
          <ul className="shot-grid" aria-label={`${shots.data.length} ${shots.data.length === 1 ? "screenshot" : "screenshots"}`}>
            {shots.data.slice(0, shown).map((shot) => (
              <li key={shot.id}>
                <Thumbnail shot={shot} description={`Screenshot of ${nameOf(shot)}, ${whenOf(shot)}`} onOpen={() => setOpenId(shot.id)} />
              </li>
            ))}
          </ul>
          {shots.data.length > shown ? (
            <p>
              <button type="button" className="button-secondary" onClick={() => setShown((count) => count + BATCH)}>
                Show {Math.min(BATCH, shots.data.length - shown)} more of {shots.data.length - shown}
              </button>
            </p>
          ) : null}
        </>
      )}

      {opened ? (
        <Viewer
          key={opened.id}
          shot={opened}
          description={`Screenshot of ${nameOf(opened)}, ${dayAndTime.format(new Date(opened.taken_at))}`}
          mayDelete={manager || opened.user_id === identity.userId}
          onClose={() => setOpenId("")}
          onDeleted={() => {
            setOpenId("");
            shots.reload();
          }}
        />
      ) : null}
    </Page>
  );
}

function Thumbnail({ shot, description, onOpen }: { shot: Screenshot; description: string; onOpen(): void }) {
  const client = useStint();
  const [place, seen] = useSeen<HTMLElement>();
  const { url, error } = useObjectUrl((signal) => client.screenshots.thumbnail(shot.id, { signal }), shot.id, seen);
  return (
    <figure className="shot" ref={place}>
      <button
        type="button"
        className="shot-open"
        onClick={onOpen}
        aria-label={`Open ${description.charAt(0).toLowerCase()}${description.slice(1)}`}
      >
        {url ? (
          <img src={url} alt={description} width={400} height={Math.round((400 * shot.height) / Math.max(1, shot.width))} />
        ) : (
          <span className="shot-placeholder">{error ?? "Loading…"}</span>
        )}
      </button>
      <figcaption>{description.replace(/^Screenshot of /, "")}</figcaption>
    </figure>
  );
}

/** The full image in a modal dialog: Escape or Close leaves it, focus returns to the page. */
function Viewer({
  shot,
  description,
  mayDelete,
  onClose,
  onDeleted,
}: {
  shot: Screenshot;
  description: string;
  mayDelete: boolean;
  onClose(): void;
  onDeleted(): void;
}) {
  const client = useStint();
  const dialog = useRef<HTMLDialogElement>(null);
  const { url, error } = useObjectUrl((signal) => client.screenshots.image(shot.id, { signal }), shot.id);
  const [deleteError, setDeleteError] = useState<unknown>(null);

  useEffect(() => {
    const element = dialog.current;
    // Removing the element on unmount ends the modal state; closing it here would report a close.
    if (element && !element.open) element.showModal();
  }, []);

  const remove = async () => {
    try {
      await client.screenshots.delete(shot.id);
      onDeleted();
    } catch (failure) {
      setDeleteError(failure);
    }
  };

  return (
    <dialog ref={dialog} className="shot-viewer" aria-labelledby="shot-viewer-title" onClose={onClose}>
      <div className="page-header">
        <h2 id="shot-viewer-title">{description}</h2>
        <div className="row">
          {mayDelete ? (
            <ConfirmButton confirmLabel="Delete this screenshot" onConfirm={remove}>
              Delete
            </ConfirmButton>
          ) : null}
          <button type="button" className="button-secondary" onClick={() => dialog.current?.close()}>
            Close
          </button>
        </div>
      </div>
      <ErrorNotice error={deleteError} />
      {url ? (
        <img className="shot-full" src={url} alt={description} width={shot.width} height={shot.height} />
      ) : error ? (
        <p role="alert">{error}</p>
      ) : (
        <Loading what="the image" />
      )}
      <p className="hint">
        {shot.width} × {shot.height} pixels, {Math.max(1, Math.round(shot.size_bytes / 1024))} KiB,{" "}
        {shot.mime_type.replace("image/", "").toUpperCase()}
      </p>
    </dialog>
  );
}
