import type { Project, ProjectCreateParams } from "@stint/sdk";
import { useId, useState, type FormEvent } from "react";
import { ErrorNotice } from "../components/status";
import { parseRate, rateText } from "../lib/money";
import { useSignedIn } from "../session/session-context";
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
  /** "" for no budget. */
  budgetKind: "" | "hours" | "amount";
  budgetValue: string;
  budgetPeriod: "total" | "monthly";
  budgetAlert: string;
}

/** The alert percent the server takes when none is given. */
const DEFAULT_ALERT_PERCENT = 80;

function draftOf(project: Project | undefined): Draft {
  return {
    name: project?.name ?? "",
    color: project?.color ?? PRESET_COLOURS[0]!.hex,
    clientName: project?.client_name ?? "",
    description: project?.description ?? "",
    billable: project?.billable ?? true,
    hourlyRate: rateText(project?.hourly_rate),
    budgetKind: project?.budget?.kind ?? "",
    budgetValue: project?.budget ? String(project.budget.value) : "",
    budgetPeriod: project?.budget?.period ?? "total",
    budgetAlert: String(project?.budget?.alert_percent ?? DEFAULT_ALERT_PERCENT),
  };
}

function budgetOf(draft: Draft): ProjectCreateParams["budget"] {
  if (draft.budgetKind === "") return null;
  const value = Number(draft.budgetValue.trim());
  if (draft.budgetValue.trim() === "" || !Number.isFinite(value))
    throw new Error(
      draft.budgetKind === "hours" ? "The budget must be a number of hours, such as 40." : "The budget must be an amount, such as 5000.",
    );
  const alert = Number(draft.budgetAlert.trim());
  if (!Number.isInteger(alert)) throw new Error("The alert must be a whole percent, from 1 to 100.");
  return { kind: draft.budgetKind, value, period: draft.budgetPeriod, alert_percent: alert };
}

/**
 * The fields as the API takes them. Blank optional text becomes `null` (cleared) rather than an
 * empty string; limits on the rate and the budget are the API's to name. The rate is sent only
 * when it was changed: setting it replaces the project's rate history (dated changes included),
 * so saving a new name must not.
 */
function bodyOf(draft: Draft, project: Project | undefined): ProjectCreateParams {
  const body: ProjectCreateParams = {
    name: draft.name,
    color: draft.color.trim() ? draft.color.trim() : null,
    clientName: draft.clientName.trim() || null,
    description: draft.description.trim() || null,
    billable: draft.billable,
    budget: budgetOf(draft),
  };
  if (!project || draft.hourlyRate.trim() !== rateText(project.hourly_rate)) body.hourlyRate = parseRate(draft.hourlyRate);
  return body;
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
  const { currency } = useSignedIn().organization;
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((previous) => ({ ...previous, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onSave(bodyOf(draft, project));
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
        In {currency}; leave empty for no rate. Saved here, it applies to all of the project&apos;s time; a rate from a date is added on the
        project&apos;s page.
      </small>
      <fieldset>
        <legend>Budget</legend>
        <div className="row">
          <label className="field">
            <span>Budget kind</span>
            <select value={draft.budgetKind} onChange={(event) => set("budgetKind", event.target.value as Draft["budgetKind"])}>
              <option value="">No budget</option>
              <option value="hours">Hours</option>
              <option value="amount">Amount ({currency})</option>
            </select>
          </label>
          {draft.budgetKind ? (
            <>
              <label className="field">
                <span>{draft.budgetKind === "hours" ? "Budget (hours)" : `Budget (${currency})`}</span>
                <input
                  type="number"
                  inputMode="decimal"
                  step="0.01"
                  value={draft.budgetValue}
                  required
                  onChange={(event) => set("budgetValue", event.target.value)}
                />
              </label>
              <label className="field">
                <span>Budget period</span>
                <select value={draft.budgetPeriod} onChange={(event) => set("budgetPeriod", event.target.value as Draft["budgetPeriod"])}>
                  <option value="total">In all</option>
                  <option value="monthly">Each month</option>
                </select>
              </label>
              <label className="field">
                <span>Alert at (%)</span>
                <input
                  type="number"
                  inputMode="numeric"
                  step="1"
                  value={draft.budgetAlert}
                  aria-describedby={`${id}-alert-hint`}
                  onChange={(event) => set("budgetAlert", event.target.value)}
                />
              </label>
            </>
          ) : null}
        </div>
        {draft.budgetKind ? (
          <small id={`${id}-alert-hint`} className="hint">
            Owners and admins are told (by webhook) when the time of a period reaches this percent of the budget, and again at 100 %.
          </small>
        ) : null}
      </fieldset>
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
