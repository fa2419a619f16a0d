"""Money and tags through the library, against a real Stint: the organization's currency and
default rate, dated rate changes, a project's budget, tags on entries and ``GET /tags``."""

from __future__ import annotations

import pytest

import stint


def test_rates_and_money_settings(owner: stint.Stint) -> None:
    organization = owner.organization.update(currency="EUR", default_hourly_rate=50, members_see_own_amounts=True)
    assert (organization["currency"], organization.get("default_hourly_rate"), organization["members_see_own_amounts"]) == ("EUR", 50, True)

    project = owner.projects.create("Billed", hourly_rate=80, budget={"kind": "hours", "value": 10, "period": "monthly"})
    assert project.get("budget") == {"kind": "hours", "value": 10, "period": "monthly", "alert_percent": 80}
    assert project.get("budget_used") == {"seconds": 0, "amount": 0, "percent": 0}

    change = owner.rates.create("project", 95.5, "2026-03-15", project_id=project["id"])
    assert change["id"].startswith("rate_")
    assert (change["level"], change["project_id"], change["hourly_rate"], change["effective_from"]) == ("project", project["id"], 95.5, "2026-03-15")
    assert owner.rates.get(change["id"]) == change
    listed = list(owner.rates.list(project_id=project["id"]))
    assert [(r["hourly_rate"], r["effective_from"]) for r in listed] == [(80, None), (95.5, "2026-03-15")]
    assert [r["level"] for r in owner.rates.list(level="organization")] == ["organization"]

    with pytest.raises(stint.ConflictError):
        owner.rates.create("project", 99, "2026-03-15", project_id=project["id"])
    with pytest.raises(stint.BadRequestError):
        owner.rates.create("project", 10.125, "2026-04-01", project_id=project["id"])

    me = next(iter(owner.users.list()))
    assert owner.users.set_rate(me["id"], 70.25).get("hourly_rate") == 70.25
    assert [(r["level"], r["hourly_rate"]) for r in owner.rates.list(user_id=me["id"])] == [("member", 70.25)]

    owner.rates.delete(change["id"])
    with pytest.raises(stint.NotFoundError):
        owner.rates.get(change["id"])
    assert owner.projects.update(project["id"], budget=None).get("budget") is None


def test_tags_on_entries_and_their_list(owner: stint.Stint) -> None:
    project = owner.projects.create("Tagged")
    first = owner.time_entries.create(project["id"], "2026-03-02T08:00:00Z", "2026-03-02T09:00:00Z", tags=[" Design ", "review"])
    assert first["tags"] == ["Design", "review"]
    second = owner.time_entries.create(project["id"], "2026-03-03T08:00:00Z", "2026-03-03T09:00:00Z", tags=["DESIGN"])
    assert second["tags"] == ["Design"]
    assert owner.time_entries.update(second["id"], tags=[])["tags"] == []
    running = owner.time_entries.start(project["id"], tags=["review"])
    assert running["tags"] == ["review"]
    owner.time_entries.stop()

    assert sorted(e["id"] for e in owner.time_entries.list(tags=["design"])) == [first["id"]]
    assert sorted(e["id"] for e in owner.time_entries.list(tags=["design", "REVIEW"])) == sorted([first["id"], running["id"]])
    assert [(t["name"], t["entry_count"]) for t in owner.tags.list()] == [("Design", 1), ("review", 2)]
