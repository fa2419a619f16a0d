import { domainEvent } from "../../shared/events";
import { PERMISSIONS, ROLE_PERMISSIONS, type Identity } from "../../shared/identity";
import { shows } from "../../shared/live/plan";
import { viewOf } from "./views";

const ORG = "org_4fJ2kLm9QxT7bN1cR8sV0w";
const OTHER_ORG = "org_5fJ2kLm9QxT7bN1cR8sV0w";
const MEMBER_ID = "usr_1fJ2kLm9QxT7bN1cR8sV0w";
const COLLEAGUE_ID = "usr_2fJ2kLm9QxT7bN1cR8sV0w";

const member: Identity = { organizationId: ORG, plan: "free", userId: MEMBER_ID, role: "member", permissions: ROLE_PERMISSIONS.member };
const admin: Identity = { ...member, userId: COLLEAGUE_ID, role: "admin", permissions: PERMISSIONS };

const entryOf = (userId: string, organizationId = ORG) =>
  domainEvent("time_entry.started", organizationId, { id: "te_1", user_id: userId });
const project = domainEvent("project.created", ORG, { id: "prj_1" });
const invitation = domainEvent("user.invited", ORG, { id: "inv_1", email: "x@example.test" });
const screenshotOf = (userId: string) => domainEvent("screenshot.captured", ORG, { id: "scr_1", user_id: userId });

describe("which events a stream shows", () => {
  it("when a member follows, then their own entries and screenshots, projects and people, but no one else's entries and no invitations", () => {
    const view = viewOf(member);
    expect(shows(view, entryOf(MEMBER_ID))).toBe(true);
    expect(shows(view, screenshotOf(MEMBER_ID))).toBe(true);
    expect(shows(view, project)).toBe(true);
    expect(shows(view, domainEvent("user.joined", ORG, { id: COLLEAGUE_ID }))).toBe(true);
    expect(shows(view, entryOf(COLLEAGUE_ID))).toBe(false);
    expect(shows(view, screenshotOf(COLLEAGUE_ID))).toBe(false);
    expect(shows(view, invitation)).toBe(false);
  });

  it("when an admin follows, then everything of the organization, and nothing of another", () => {
    const view = viewOf(admin);
    expect(shows(view, entryOf(MEMBER_ID))).toBe(true);
    expect(shows(view, screenshotOf(MEMBER_ID))).toBe(true);
    expect(shows(view, invitation)).toBe(true);
    expect(shows(view, entryOf(COLLEAGUE_ID, OTHER_ORG))).toBe(false);
    expect(shows(view, domainEvent("project.created", OTHER_ORG, { id: "prj_2" }))).toBe(false);
  });

  it("when a credential lacks a kind's read permission, then that kind is not shown, whatever the role", () => {
    const view = viewOf({ ...admin, permissions: ["events:read", "projects:read"] });
    expect(shows(view, project)).toBe(true);
    expect(shows(view, entryOf(MEMBER_ID))).toBe(false);
    expect(shows(view, invitation)).toBe(false);
    expect(viewOf({ ...admin, permissions: ["events:read"] }).types).toEqual({});
  });

  it("when an event claims no owner, then a member's view of own things does not show it", () => {
    expect(shows(viewOf(member), domainEvent("time_entry.deleted", ORG, { id: "te_2" }))).toBe(false);
    expect(shows(viewOf(member), domainEvent("time_entry.deleted", ORG, null))).toBe(false);
  });
});
