from __future__ import annotations

import pytest

import stint


def test_projects_from_creation_to_deletion(owner: stint.Stint) -> None:
    project = owner.projects.create("Website relaunch", description="Spring", hourly_rate=95, billable=True)
    assert project["id"].startswith("prj_")
    assert (project["name"], project["description"], project["hourly_rate"], project["archived"]) == ("Website relaunch", "Spring", 95, False)

    assert owner.projects.get(project["id"]) == project
    changed = owner.projects.update(project["id"], description=None, color="#112233")
    assert (changed["description"], changed["color"], changed["name"]) == (None, "#112233", "Website relaunch")

    assert owner.projects.archive(project["id"])["archived"] is True
    assert [p["id"] for p in owner.projects.list(archived=True)] == [project["id"]]
    assert list(owner.projects.list(archived=False)) == []
    assert owner.projects.unarchive(project["id"])["archived"] is False

    owner.projects.delete(project["id"])
    with pytest.raises(stint.NotFoundError):
        owner.projects.get(project["id"])


def test_tasks_of_a_project(owner: stint.Stint) -> None:
    project = owner.projects.create("With tasks")
    task = owner.tasks.create(project["id"], "Design", estimate_seconds=3600)
    assert task["id"].startswith("task_") and task["project_id"] == project["id"] and task["status"] == "active"
    assert owner.tasks.get(project["id"], task["id"]) == task

    done = owner.tasks.update(project["id"], task["id"], status="done", billable=False)
    assert (done["status"], done["billable"]) == ("done", False)
    assert [t["id"] for t in owner.tasks.list(project["id"], status="done")] == [task["id"]]
    assert list(owner.tasks.list(project["id"], status="active")) == []

    owner.tasks.delete(project["id"], task["id"])
    with pytest.raises(stint.NotFoundError):
        owner.tasks.get(project["id"], task["id"])
