import type { Project } from "@stint/sdk";
import { Button, ComboBox, Header, Input, Label, ListBox, ListBoxItem, ListBoxSection, Popover, useFilter } from "react-aria-components";
import type { Ref } from "react";
import "./project-picker.css";

function ProjectOption({ project }: { project: Project }) {
  const client = project.client_name ? ` · ${project.client_name}` : "";
  return (
    <ListBoxItem id={project.id} textValue={`${project.name}${client}`} className="picker-option">
      <span className="swatch" aria-hidden="true" style={{ backgroundColor: project.color ?? "#8a94a3" }} />
      <span className="picker-option-name" title={project.name}>
        {project.name}
      </span>
      {project.client_name ? (
        <span className="picker-option-client" title={project.client_name}>
          {project.client_name}
        </span>
      ) : null}
    </ListBoxItem>
  );
}

/**
 * Choosing a project by typing part of its name or its client's (an accessible combobox from
 * React Aria: arrows, Enter and Escape as a screen reader expects). The projects used last
 * come first, under "Recent"; the field keeps its width whatever the name, which shows whole
 * on hover.
 */
export function ProjectPicker({
  projects,
  recent = [],
  value,
  onChange,
  hideLabel = false,
  className,
  inputRef,
}: {
  projects: readonly Project[];
  /** Ids of the projects used last, most recent first. */
  recent?: readonly string[];
  value: string;
  onChange(projectId: string): void;
  hideLabel?: boolean;
  className?: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const { contains } = useFilter({ sensitivity: "base" });
  const byId = new Map(projects.map((project) => [project.id, project]));
  const recentProjects = recent.flatMap((id) => byId.get(id) ?? []);
  const others = projects.filter((project) => !recent.includes(project.id));
  const chosen = byId.get(value);
  return (
    <ComboBox
      className={["picker", className].filter(Boolean).join(" ")}
      selectedKey={value || null}
      onSelectionChange={(key) => onChange(key === null ? "" : String(key))}
      defaultFilter={contains}
      // The list opens on typing, Down or the button; not on focus alone, which would hide the
      // rest of the page from screen readers whenever the keyboard passes through.
      menuTrigger="input"
    >
      <Label className={hideLabel ? "visually-hidden" : "field-label"}>Project</Label>
      <div className="picker-field">
        <Input ref={inputRef} placeholder={projects.length ? "Project…" : "No projects yet"} title={chosen?.name} />
        <Button className="picker-button" aria-label="Show the projects">
          <span aria-hidden="true">▾</span>
        </Button>
      </div>
      <Popover className="picker-popover" placement="bottom start">
        <ListBox className="picker-list" renderEmptyState={() => <p className="picker-empty">No project matches.</p>}>
          {recentProjects.length ? (
            <ListBoxSection>
              <Header className="picker-header">Recent</Header>
              {recentProjects.map((project) => (
                <ProjectOption key={project.id} project={project} />
              ))}
            </ListBoxSection>
          ) : null}
          <ListBoxSection>
            <Header className="picker-header">{recentProjects.length ? "All projects" : "Projects"}</Header>
            {others.map((project) => (
              <ProjectOption key={project.id} project={project} />
            ))}
          </ListBoxSection>
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
