import { newId, parseId, toStyleBProjectId } from "./ids";

describe("ids", () => {
  it("makes prefixed ids with a 22-character random part, all different", () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newId("timeEntry")));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^te_[0-9A-Za-z]{22}$/);
  });

  it("accepts prj_ and proj_ for one project and stores the prj_ form", () => {
    const id = newId("project");
    const random = id.slice(4);
    expect(parseId("project", id)).toBe(id);
    expect(parseId("project", `proj_${random}`)).toBe(id);
    expect(toStyleBProjectId(id)).toBe(`proj_${random}`);
  });

  it.each(["prj_", "prj_abc", `usr_${"a".repeat(22)}`, `prj_${"a".repeat(21)}!`, `prj_${"a".repeat(23)}`, "", "prj"])(
    "refuses %s as a project id",
    (value) => {
      expect(parseId("project", value)).toBeNull();
    },
  );

  it("accepts proj_ only for projects", () => {
    expect(parseId("task", `proj_${"a".repeat(22)}`)).toBeNull();
  });
});
