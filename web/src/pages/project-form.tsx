import type { Project, ProjectCreateParams } from "@stint/sdk";
import { useId, useState, type FormEvent } from "react";
import { ErrorNotice } from "../components/status";
import "./projects.css";

/** A few distinct colours that keep white text and a thin border readable next to them. */
export const PRESET_COLOURS: readonly { name: string; hex: string }[] = [
  { name: "Blue", hex: "#2563eb" },
  { name: "Green", hex: "#16a34a" },
  { name: "Orange", hex: "#ea580c" },
  { name: "Red", hex: "#dc2626" },
  { name: "Purple", hex: "#7c3aed" },
  { name: "Teal", hex: "#0d9488" },
  { name: "Grey", hex: "#64748b" },
];

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** What the form holds: text as typed, so a refused save keeps every keystroke. */
interface Draft {
  name: string;
  color: string;
  clientName: string;
  description: string;
  billable: boolean;
  hourlyRate: string;
}

function draftOf(project: Project | undefined): Draft {
  return {
    name: project?.name ?? "",
    color: project?.color ?? PRESET_COLOURS[0]!.hex,
    clientName: project?.client_name ?? "",
    description: project?.description ?? "",
    billable: project?.billable ?? true,
    hourlyRate: project?.hourly_rate === null || project?.hourly_rate === undefined ? "" : String(project.hourly_rate),
  };
}

/**
 * The fields as the API takes them. Blank optional text becomes `null` (cleared) rather than an
 * empty string; limits on the rate
 * are the API's to name.
 */
function bodyOf(draft: Draft): ProjectCreateParams {
  const rate = draft.hourlyRate.trim();
  if (rate !== "" && !Number.isFinite(Number(rate))) throw new Error("The hourly rate must be a number, such as 85.50.");
  return {
    name: draft.name,
    color: draft.color.trim() ? draft.color.trim() : null,
    clientName: draft.clientName.trim() || null,
    description: draft.description.trim() || null,
    billable: draft.billable,
    hourlyRate: rate === "" ? null : Number(rate),
  };
}

/** Create or edit a project: name, colour (a preset or any hex), client, description, billing. */
export function ProjectForm({
  project,
  submitLabel,
  onSave,
  onCancel,
}: {
  project?: Project;
  submitLabel: string;
  onSave(body: ProjectCreateParams): Promise<void>;
  onCancel?: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(project));
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((previous) => ({ ...previous, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onSave(bodyOf(draft));
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  const validHex = HEX_COLOUR.test(draft.color);
  return (
    <form className="stack project-form" onSubmit={(event) => void submit(event)}>
      <label className="field">
        <span>Name</span>
        <input value={draft.name} required maxLength={200} onChange={(event) => set("name", event.target.value)} />
      </label>
      <fieldset>
        <legend>Colour</legend>
        <div className="colour-choices">
          {PRESET_COLOURS.map((preset) => (
            <label key={preset.hex} className="colour-choice">
              <input
                type="radio"
                name={`${id}-colour`}
                checked={draft.color.toLowerCase() === preset.hex}
                onChange={() => set("color", preset.hex)}
              />
              <span className="swatch" style={{ background: preset.hex }} aria-hidden="true" />
              {preset.name}
            </label>
          ))}
        </div>
        <div className="row">
          <label className="field">
            <span>Colour code</span>
            <input
              value={draft.color}
              maxLength={7}
              placeholder="#1a2b3c"
              aria-describedby={`${id}-hex-hint`}
              onChange={(event) => set("color", event.target.value)}
            />
          </label>
          <label className="field">
            <span>Pick any colour</span>
            <input
              type="color"
              className="colour-picker"
              value={validHex ? draft.color.toLowerCase() : "#000000"}
              onChange={(event) => set("color", event.target.value)}
            />
          </label>
        </div>
        <small id={`${id}-hex-hint`} className="hint">
          Six hexadecimal digits after #, for example #1a2b3c. Leave empty for no colour.
        </small>
      </fieldset>
      <div className="row">
        <label className="field">
          <span>Client</span>
          <input value={draft.clientName} maxLength={200} onChange={(event) => set("clientName", event.target.value)} />
        </label>
        <label className="field">
          <span>Hourly rate</span>
          <input
            type="number"
            inputMode="decimal"
            step="0.01"
            value={draft.hourlyRate}
            aria-describedby={`${id}-rate-hint`}
            onChange={(event) => set("hourlyRate", event.target.value)}
          />
        </label>
      </div>
      <small id={`${id}-rate-hint`} className="hint">
        In the organization&apos;s currency; leave empty for no rate.
      </small>
      <label className="field">
        <span>Description</span>
        <textarea value={draft.description} maxLength={5000} rows={3} onChange={(event) => set("description", event.target.value)} />
      </label>
      <label className="checkbox">
        <input type="checkbox" checked={draft.billable} onChange={(event) => set("billable", event.target.checked)} />
        Billable (the default for this project&apos;s time entries)
      </label>
      <ErrorNotice error={error} />
      <div className="row">
        <button type="submit" disabled={busy}>
          {busy ? "Saving…" : submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="button-secondary" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}

/** A project's colour as a small square, or nothing when it has none. */
export function Swatch({ color }: { color: string | null }) {
  return color ? <span className="swatch" style={{ background: color }} aria-hidden="true" /> : null;
}

const money = new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A project's rate, or a dash when it has none or the reader may not see it (members see no rates). */
export function showRate(rate: number | null | undefined): string {
  return rate === null || rate === undefined ? "—" : money.format(rate);
}
