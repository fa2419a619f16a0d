import { Errors } from "moleculer";
import { ApiError } from "../shared/errors";
import { toErrorResponse } from "./error-response";
import { errorBody, presentInStyle, styleOfPath } from "./styles";

describe("error responses", () => {
  it("keeps an ApiError's status, code, message and details", () => {
    const error = ApiError.validation([{ field: "name", reason: "required", message: "is required" }]);
    expect(toErrorResponse(error)).toEqual({
      status: 400,
      code: "invalid_request",
      message: "name: is required",
      details: { field: "name", reason: "required", errors: [{ field: "name", reason: "required", message: "is required" }] },
    });
  });

  it("keeps an ApiError that crossed the bus as a plain moleculer error", () => {
    const plain = new Errors.MoleculerError("Project not found", 404, "not_found", {});
    plain.name = "ApiError";
    expect(toErrorResponse(plain)).toMatchObject({ status: 404, code: "not_found", message: "Project not found" });
  });

  it("hides everything about an unexpected error", () => {
    const response = toErrorResponse(new Error("connection to mongodb://user:secret@db failed"));
    expect(response).toEqual({ status: 500, code: "internal_error", message: "Something went wrong on our side", details: {} });
    expect(JSON.stringify(errorBody("A", response))).not.toContain("secret");
  });

  it("does not trust a 5xx dressed as one of our codes", () => {
    const odd = new Errors.MoleculerError("driver said: E11000 at db.projects", 500, "internal_error", { stack: "x" });
    expect(toErrorResponse(odd)).toMatchObject({ status: 500, message: "Something went wrong on our side", details: {} });
  });

  it("renders the two styles", () => {
    const response = toErrorResponse(ApiError.notFound("Project"));
    expect(errorBody("A", response)).toEqual({ error: { code: "not_found", message: "Project not found", details: {} } });
    expect(errorBody("B", response)).toEqual({ error: "Project not found", code: "NOT_FOUND", details: {} });
  });

  it("knows each path's style", () => {
    expect(styleOfPath("/api/v1/projects")).toBe("A");
    expect(styleOfPath("/v1/projects?x=1")).toBe("A");
    expect(styleOfPath("/api/projects")).toBe("B");
    expect(styleOfPath("/api")).toBe("B");
    expect(styleOfPath("/apiary")).toBe("A");
    expect(styleOfPath("/elsewhere")).toBe("A");
  });

  it("rewrites only well-formed project ids for Style B", () => {
    const id = "prj_0123456789abcdefghijAB";
    const value = { data: [{ id, project_id: id, description: "prj_ is our prefix", other: "prj_short" }] };
    expect(presentInStyle("B", value)).toEqual({
      data: [{ id: "proj_0123456789abcdefghijAB", project_id: "proj_0123456789abcdefghijAB", description: "prj_ is our prefix", other: "prj_short" }],
    });
    expect(presentInStyle("A", value)).toBe(value);
  });
});
