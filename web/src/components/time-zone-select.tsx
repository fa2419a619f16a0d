import { useId, useMemo } from "react";

/** Every zone the browser knows, with UTC and the current choice always among them. */
function zoneNames(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  const names = new Set(["UTC", ...known]);
  if (current) names.add(current);
  return [...names].sort((a, b) => (a === "UTC" ? -1 : b === "UTC" ? 1 : a.localeCompare(b)));
}

/** A labelled select of IANA time zones (the API refuses offsets such as `+01:00`). */
export function TimeZoneSelect({ value, onChange, label = "Time zone" }: { value: string; onChange(zone: string): void; label?: string }) {
  const id = useId();
  const names = useMemo(() => zoneNames(value), [value]);
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {names.map((name) => (
          <option key={name} value={name}>
            {name.replace(/_/g, " ")}
          </option>
        ))}
      </select>
    </div>
  );
}
