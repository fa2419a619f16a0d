import { joinTeam } from "./support/accounts";
import { aTimeEntry, aTimerStart } from "./support/builders";
import { registerOwner, type Client } from "./support/http";
import { createProject, createTimeEntry } from "./support/resources";
import { describeStint, useStint, type StintMode } from "./support/stint";
import { A, B, type List, type StyleAError, type StyleBError } from "./support/shapes";
import type { Tag, TimeEntry } from "../services/time-entries/contract";

/** Tags on time entries and the `tag` filter, end to end over HTTP, in both styles; run once per deployment mode. */
export function describeTagsApi(mode: StintMode): void {
  describeStint(mode, "tags API", () => {
    const stint = useStint({ mode });

    /** A fresh organization per test, with one project. */
    async function team(): Promise<{ owner: Client; projectId: string }> {
      const { api } = await registerOwner(stint.url);
      return { owner: api, projectId: (await createProject(api)).id };
    }

    let minute = 0;
    /** A finished entry of half an hour, each one later than the one before. */
    async function entry(api: Client, projectId: string, tags: string[]): Promise<TimeEntry> {
      minute += 60;
      const start = new Date(Date.UTC(2026, 2, 2, 8) + minute * 60_000);
      return createTimeEntry(api, projectId, {
        start_time: start.toISOString(),
        end_time: new Date(start.getTime() + 30 * 60_000).toISOString(),
        tags,
      });
    }

    describe("tags on entries", () => {
      it("when an entry is created with tags, then they are trimmed, kept in order and shown in both styles", async () => {
        const { owner, projectId } = await team();
        const created = await entry(owner, projectId, ["  Design ", "client call"]);
        expect(created.tags).toEqual(["Design", "client call"]);
        const inB = await owner.get<{ data: TimeEntry }>(`${B}/time-entries/${created.id}`);
        expect(inB.body.data.tags).toEqual(["Design", "client call"]);
      });

      it("when a tag was spelled one way first, then later spellings in another case are stored as the first", async () => {
        const { owner, projectId } = await team();
        await entry(owner, projectId, ["Design"]);
        const later = await entry(owner, projectId, ["DESIGN", "Review"]);
        expect(later.tags).toEqual(["Design", "Review"]);
      });

      it("when no tags are sent, then the entry has none", async () => {
        const { owner, projectId } = await team();
        const res = await owner.post<{ data: TimeEntry }>(`${A}/time-entries`, aTimeEntry(projectId));
        expect(res.status).toBe(201);
        expect(res.body.data.tags).toEqual([]);
      });

      it("when tags are sent with PUT, then the new list replaces the old", async () => {
        const { owner, projectId } = await team();
        const created = await entry(owner, projectId, ["one", "two"]);
        const replaced = await owner.put<{ data: TimeEntry }>(`${A}/time-entries/${created.id}`, { tags: ["three"] });
        expect(replaced.status).toBe(200);
        expect(replaced.body.data.tags).toEqual(["three"]);
      });

      it("when a PUT sends no tags, then the entry keeps its tags", async () => {
        const { owner, projectId } = await team();
        const created = await entry(owner, projectId, ["three"]);
        const untouched = await owner.put<{ data: TimeEntry }>(`${A}/time-entries/${created.id}`, { description: "no tag change" });
        expect(untouched.status).toBe(200);
        expect(untouched.body.data.tags).toEqual(["three"]);
      });

      it("when a PUT sends an empty list, then the entry's tags are cleared", async () => {
        const { owner, projectId } = await team();
        const created = await entry(owner, projectId, ["one", "two"]);
        const cleared = await owner.put<{ data: TimeEntry }>(`${B}/time-entries/${created.id}`, { tags: [] });
        expect(cleared.status).toBe(200);
        expect(cleared.body.data.tags).toEqual([]);
      });

      it("when a timer starts with tags, then the running entry carries them", async () => {
        const { owner, projectId } = await team();
        const started = await owner.post<{ data: TimeEntry }>(`${A}/time-entries/start`, aTimerStart(projectId, { tags: [" Focus "] }));
        expect(started.status).toBe(201);
        expect(started.body.data.tags).toEqual(["Focus"]);
        const current = await owner.get<{ data: TimeEntry }>(`${B}/time-entries/current`);
        expect(current.body.data.tags).toEqual(["Focus"]);
        const stopped = await owner.post<{ data: TimeEntry }>(`${A}/time-entries/stop`);
        expect(stopped.body.data.tags).toEqual(["Focus"]);
      });
    });

    describe("bad tags", () => {
      const cases: [string, unknown, string, string][] = [
        ["21 tags", Array.from({ length: 21 }, (_, i) => `tag ${i}`), "tags", "out_of_range"],
        ["a tag of 51 characters", ["x".repeat(51)], "tags.0", "too_long"],
        ["an empty tag", ["ok", "   "], "tags.1", "invalid"],
        ["the same tag twice in another case", ["Design", "design"], "tags.1", "invalid"],
        ["a tag that is no string", [42], "tags.0", "invalid"],
        ["tags that are no list", "Design", "tags", "invalid"],
      ];

      it.each(cases)(
        "when an entry is sent with %s, then both styles answer 400 naming the field, and nothing is stored",
        async (_label, tags, field, reason) => {
          const { owner, projectId } = await team();
          const body = { ...aTimeEntry(projectId), tags };
          const inA = await owner.post<StyleAError>(`${A}/time-entries`, body);
          expect(inA.status).toBe(400);
          expect(inA.body.error.details).toMatchObject({ field, reason });
          const inB = await owner.post<StyleBError>(`${B}/time-entries`, body);
          expect(inB.status).toBe(400);
          expect(inB.body.code).toBe("VALIDATION_ERROR");
          expect(inB.body.details).toMatchObject({ field, reason });
          const listed = await owner.get<List<TimeEntry>>(`${A}/time-entries`);
          expect(listed.body.meta.total).toBe(0);
        },
      );

      it("when a PUT brings a bad tag, then it is a 400 naming it and the entry keeps its tags", async () => {
        const { owner, projectId } = await team();
        const created = await entry(owner, projectId, ["kept"]);
        const put = await owner.put<StyleAError>(`${A}/time-entries/${created.id}`, { tags: ["a", "A"] });
        expect(put.status).toBe(400);
        expect(put.body.error.details).toMatchObject({ field: "tags.1", reason: "invalid" });
        expect((await owner.get<{ data: TimeEntry }>(`${A}/time-entries/${created.id}`)).body.data.tags).toEqual(["kept"]);
      });

      it("when a timer start brings a bad tag, then it is a 400 naming it and no timer runs", async () => {
        const { owner, projectId } = await team();
        const started = await owner.post<StyleBError>(`${B}/time-entries/start`, aTimerStart(projectId, { tags: ["y".repeat(51)] }));
        expect(started.status).toBe(400);
        expect(started.body.details).toMatchObject({ field: "tags.0", reason: "too_long" });
        expect((await owner.get<{ data: null }>(`${A}/time-entries/current`)).body.data).toBeNull();
      });
    });

    describe("the tag filter", () => {
      it("when a list is filtered by one tag in any case, then only entries carrying it come back", async () => {
        const { owner, projectId } = await team();
        const design = await entry(owner, projectId, ["Design"]);
        await entry(owner, projectId, ["Review"]);
        await entry(owner, projectId, []);
        for (const base of [A, B]) {
          const listed = await owner.get<List<TimeEntry>>(`${base}/time-entries?tag=dEsIgN`);
          expect(listed.status).toBe(200);
          expect(listed.body.data.map((e) => e.id)).toEqual([design.id]);
          expect(listed.body.meta.total).toBe(1);
        }
      });

      it("when the tag filter is repeated, then entries carrying any of the tags come back, each once", async () => {
        const { owner, projectId } = await team();
        const both = await entry(owner, projectId, ["Design", "Review"]);
        const review = await entry(owner, projectId, ["Review"]);
        const design = await entry(owner, projectId, ["design"]);
        await entry(owner, projectId, ["Other"]);
        const listed = await owner.get<List<TimeEntry>>(`${A}/time-entries?tag=design&tag=REVIEW`);
        expect(listed.body.data.map((e) => e.id)).toEqual([design.id, review.id, both.id]);
        expect(listed.body.meta.total).toBe(3);
      });

      it("when the tag filter is combined with another filter, then both apply", async () => {
        const { owner, projectId } = await team();
        const other = await createProject(owner);
        const here = await entry(owner, projectId, ["Design"]);
        await entry(owner, other.id, ["Design"]);
        const listed = await owner.get<List<TimeEntry>>(`${A}/time-entries?tag=design&project_id=${projectId}`);
        expect(listed.body.data.map((e) => e.id)).toEqual([here.id]);
      });

      it("when a member filters by tag, then only their own entries come back", async () => {
        const { owner, projectId } = await team();
        const member = await joinTeam(stint.url, owner, "member");
        await entry(owner, projectId, ["Shared"]);
        const theirs = await entry(member.api, projectId, ["shared"]);
        const listed = await member.api.get<List<TimeEntry>>(`${A}/time-entries?tag=Shared`);
        expect(listed.body.data.map((e) => e.id)).toEqual([theirs.id]);
        expect(theirs.tags).toEqual(["Shared"]);
      });

      it("when the tag filter is empty, then it is a 400 naming tag", async () => {
        const { owner } = await team();
        const empty = await owner.get<StyleAError>(`${A}/time-entries?tag=`);
        expect(empty.status).toBe(400);
        expect(empty.body.error.details).toMatchObject({ field: "tag", reason: "invalid" });
      });

      it("when the tag filter is longer than 50 characters, then it is a 400 naming tag", async () => {
        const { owner } = await team();
        const long = await owner.get<StyleBError>(`${B}/time-entries?tag=${"z".repeat(51)}`);
        expect(long.status).toBe(400);
        expect(long.body.details).toMatchObject({ field: "tag", reason: "too_long" });
      });

      it("when the tag filter names more than 20 tags, then both styles answer 400 naming tag", async () => {
        const { owner } = await team();
        const many = Array.from({ length: 21 }, (_, i) => `tag=t${i}`).join("&");
        const tooMany = await owner.get<StyleAError>(`${A}/time-entries?${many}`);
        expect(tooMany.status).toBe(400);
        expect(tooMany.body.error.details).toMatchObject({ field: "tag", reason: "invalid" });
        expect(tooMany.body.error.message).toBe("tag: must name 1 to 20 tags, each 1-50 characters");
        const inB = await owner.get<StyleBError>(`${B}/time-entries?${many}`);
        expect(inB.status).toBe(400);
        expect(inB.body.details).toMatchObject({ field: "tag", reason: "invalid" });
      });

      it("when one tag among several is bad, then the 400 names which", async () => {
        const { owner } = await team();
        const oneEmpty = await owner.get<StyleBError>(`${B}/time-entries?tag=ok&tag=%20`);
        expect(oneEmpty.status).toBe(400);
        expect(oneEmpty.body.details).toMatchObject({ field: "tag.1", reason: "invalid" });
      });
    });

    describe("GET /tags", () => {
      it("when entries carry tags, then the organization's tags are listed by name with how many entries carry each", async () => {
        const { owner, projectId } = await team();
        await entry(owner, projectId, ["design", "Review"]);
        await entry(owner, projectId, ["DESIGN"]);
        const cleared = await entry(owner, projectId, ["zebra"]);
        await owner.put(`${A}/time-entries/${cleared.id}`, { tags: [] });
        for (const base of [A, B]) {
          const res = await owner.get<List<Tag>>(`${base}/tags`);
          expect(res.status).toBe(200);
          expect(res.body.data).toEqual([
            { name: "design", entry_count: 2 },
            { name: "Review", entry_count: 1 },
            { name: "zebra", entry_count: 0 },
          ]);
          expect(res.body.meta).toEqual({ total: 3, page: 1, per_page: 50 });
        }
      });

      it("when the tags are paged, then a page holds the tags after the earlier pages'", async () => {
        const { owner, projectId } = await team();
        await entry(owner, projectId, ["design", "Review"]);
        const cleared = await entry(owner, projectId, ["zebra"]);
        await owner.put(`${A}/time-entries/${cleared.id}`, { tags: [] });
        const page = await owner.get<List<Tag>>(`${A}/tags?per_page=2&page=2`);
        expect(page.status).toBe(200);
        expect(page.body.data).toEqual([{ name: "zebra", entry_count: 0 }]);
        expect(page.body.meta).toEqual({ total: 3, page: 2, per_page: 2 });
      });

      it("when a member lists tags, then they see every tag of the organization and count only their own entries", async () => {
        const { owner, projectId } = await team();
        const member = await joinTeam(stint.url, owner, "member");
        await entry(owner, projectId, ["Shared", "Owner only"]);
        await entry(member.api, projectId, ["shared"]);
        const asMember = await member.api.get<List<Tag>>(`${A}/tags`);
        expect(asMember.body.data).toEqual([
          { name: "Owner only", entry_count: 0 },
          { name: "Shared", entry_count: 1 },
        ]);
        const asOwner = await owner.get<List<Tag>>(`${B}/tags`);
        expect(asOwner.body.data).toEqual([
          { name: "Owner only", entry_count: 1 },
          { name: "Shared", entry_count: 2 },
        ]);
      });

      it("when another organization tags its entries, then its tags and counts stay its own", async () => {
        const mine = await team();
        const theirs = await team();
        await entry(mine.owner, mine.projectId, ["Common"]);
        await entry(theirs.owner, theirs.projectId, ["common", "Secret"]);
        expect((await mine.owner.get<List<Tag>>(`${A}/tags`)).body.data).toEqual([{ name: "Common", entry_count: 1 }]);
        expect((await theirs.owner.get<List<Tag>>(`${A}/tags`)).body.data).toEqual([
          { name: "common", entry_count: 1 },
          { name: "Secret", entry_count: 1 },
        ]);
      });

      it("when the paging is out of range, then it is a 400 naming the field", async () => {
        const { owner } = await team();
        const res = await owner.get<StyleAError>(`${A}/tags?per_page=201`);
        expect(res.status).toBe(400);
        expect(res.body.error.details).toMatchObject({ field: "per_page", reason: "out_of_range" });
      });

      it("when the list is asked with an unknown parameter, then it is a 400 naming it", async () => {
        const { owner } = await team();
        const unknown = await owner.get<StyleBError>(`${B}/tags?name=x`);
        expect(unknown.status).toBe(400);
        expect(unknown.body.details).toMatchObject({ field: "name", reason: "unknown" });
      });
    });
  });
}
